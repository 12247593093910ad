import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CircleCheck, Send } from 'lucide-react';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS, contactBody, type ContactSubject } from '#contracts/contact';
import { productQuery } from '../catalog/catalog.api.ts';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ApiError } from '../lib/api.ts';
import { useSendContactMessage } from './contact.api.ts';
import { subjectOptions } from './contact-details.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';

/** What a link such as `/contact?subject=pricing&product=…&quantity=…` asks the form to start with. */
export interface ContactPrefill {
  subject?: ContactSubject;
  product?: string;
  quantity?: number;
}

export function readPrefill(params: URLSearchParams): ContactPrefill {
  const subject = params.get('subject');
  const product = params.get('product')?.trim();
  const quantity = Number(params.get('quantity'));
  return {
    subject: (CONTACT_SUBJECTS as readonly string[]).includes(subject ?? '') ? (subject as ContactSubject) : undefined,
    product: product || undefined,
    quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : undefined,
  };
}

/** The message a quote link starts with; `quantity` is already formatted for the visitor's language. */
function quoteMessage(t: TFunction<'contact'>, product: { name: string; model_number?: string }, quantity: string | undefined): string {
  return t('quote', {
    amount: quantity ? t('quantity', { n: quantity }) : '',
    product: product.name,
    model: product.model_number ? t('model', { number: product.model_number }) : '',
  });
}

export function ContactForm({ prefill = {} }: { prefill?: ContactPrefill }) {
  const send = useSendContactMessage();
  const product = useQuery({ ...productQuery(prefill.product ?? ''), enabled: Boolean(prefill.product) });
  const { t } = useTranslation('contact');
  const failureText = useErrorText();
  const f = useFormat();
  const form = useContractForm(contactBody, {
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', company: '', subject: prefill.subject ?? '', message: '', consent: false },
    overrides: { subject: t('subjectRequired'), consent: t('mustAgree') },
  });
  const { register, errorText } = form;

  const quantity = prefill.quantity === undefined ? undefined : f.number(prefill.quantity);
  const suggested = prefill.product ? quoteMessage(t, product.data ?? { name: prefill.product }, quantity) : '';
  // Until the visitor types, the message follows the product named in the link (its name arrives a moment later).
  useEffect(() => {
    if (!form.getFieldState('message').isDirty) form.setValue('message', suggested);
  }, [form, suggested]);

  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) notify.error(t('tooMany'), t('tooManyText'));
        else if (!form.setServerErrors(error)) notify.error(t('notSent'), failureText(error));
      },
    }),
  );

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center rounded-xl border border-emerald-200 bg-emerald-50 px-6 py-12 text-center">
        <CircleCheck aria-hidden="true" className="h-10 w-10 text-emerald-600" />
        <h3 className="mt-3 text-xl font-bold text-slate-900">{t('messageSent')}</h3>
        <p className="mt-2 max-w-md text-slate-700">{t('messageSentText')}</p>
        <p className="mt-1 text-sm text-slate-500">{t('reference', { id: String(send.data.id) })}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              send.reset();
              form.reset({ ...form.getValues(), message: '', consent: false });
            }}
          >
            {t('sendAnother')}
          </Button>
          <Link to="/products" className="inline-flex h-10 items-center px-2 text-sm font-semibold text-brand-700 hover:underline">
            {t('continueBrowsing')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('formLabel')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('firstName')} autoComplete="given-name" required {...register('first_name')} error={errorText('first_name')} />
        <TextField label={t('lastName')} autoComplete="family-name" required {...register('last_name')} error={errorText('last_name')} />
        <TextField label={t('email')} type="email" inputMode="email" autoComplete="email" required {...register('email')} error={errorText('email')} />
        <TextField label={t('phoneOptional')} type="tel" autoComplete="tel" {...register('phone')} error={errorText('phone')} placeholder="+92 300 1234567" />
      </div>
      <TextField label={t('company')} autoComplete="organization" {...register('company')} error={errorText('company')} />
      <SelectField
        label={t('subject')}
        required
        placeholder={t('chooseSubject')}
        options={subjectOptions(t)}
        {...register('subject')}
        error={errorText('subject')}
      />
      <FormField label={t('message')} required error={errorText('message')}>
        {(control) => (
          <textarea
            {...control}
            {...register('message')}
            rows={6}
            required
            maxLength={CONTACT_MESSAGE_MAX}
            className={controlClasses(Boolean(errorText('message')), 'py-2')}
          />
        )}
      </FormField>
      <CheckboxField
        {...register('consent')}
        error={errorText('consent')}
        label={
          <>
            {t('consentBefore')}
            <Link to="/about#privacy" className="font-semibold text-brand-700 hover:underline">
              {t('privacyPolicy')}
            </Link>
            {t('consentAfter')}
          </>
        }
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {send.isPending ? t('sending') : t('send')}
      </Button>
    </form>
  );
}
