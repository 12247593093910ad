import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CircleCheck, Send } from 'lucide-react';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS, contactBody, type ContactSubject } from '#contracts/contact';
import { errorSummary, type FieldErrors } from '../auth/field-errors.ts';
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
import { contactMessages, type ContactText } from './messages.ts';
import { formIssue, localizeEach, serverIssues, useLocalizedIssue, type Localize } from '../checkout/validation-messages.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';

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
function quoteMessage(t: ContactText, product: { name: string; model_number?: string }, quantity: string | undefined): string {
  return t.quote(quantity ? t.quantity(quantity) : '', product.name, product.model_number ? t.model(product.model_number) : '');
}

/** The first message per field, from the same schema the server checks, in the visitor's language. */
function validate(body: unknown, t: ContactText, localize: Localize): FieldErrors {
  const result = contactBody.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    const own = { subject: t.subjectRequired, consent: t.mustAgree }[field];
    errors[field] ??= own ?? localize(formIssue(issue));
  }
  return errors;
}

export function ContactForm({ prefill = {} }: { prefill?: ContactPrefill }) {
  const send = useSendContactMessage();
  const product = useQuery({ ...productQuery(prefill.product ?? ''), enabled: Boolean(prefill.product) });
  const [fields, setFields] = useState({ first_name: '', last_name: '', email: '', phone: '', company: '' });
  const [subject, setSubject] = useState<string>(prefill.subject ?? '');
  // Until the visitor types, the message follows the product named in the link (its name arrives a moment later).
  const [message, setMessage] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const t = useMessages(contactMessages);
  const localize = useLocalizedIssue();
  const f = useFormat();

  const quantity = prefill.quantity === undefined ? undefined : f.number(prefill.quantity);
  const suggested = prefill.product ? quoteMessage(t, product.data ?? { name: prefill.product }, quantity) : '';
  const messageText = message ?? suggested;

  const setField = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...fields, subject, message: messageText, consent };
    const problems = validate(body, t, localize);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send.mutate(contactBody.parse(body), {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          notify.error(t.tooMany, t.tooManyText);
        } else if (error instanceof ApiError && error.status === 400) {
          setErrors(localizeEach(serverIssues(error), localize));
        } else {
          notify.error(t.notSent, errorSummary(error, t.tryAgain));
        }
      },
    });
  }

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center rounded-xl border border-emerald-200 bg-emerald-50 px-6 py-12 text-center">
        <CircleCheck aria-hidden="true" className="h-10 w-10 text-emerald-600" />
        <h3 className="mt-3 text-xl font-bold text-slate-900">{t.messageSent}</h3>
        <p className="mt-2 max-w-md text-slate-700">{send.data.detail}</p>
        <p className="mt-1 text-sm text-slate-500">{t.reference(String(send.data.id))}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              send.reset();
              setMessage('');
              setConsent(false);
            }}
          >
            {t.sendAnother}
          </Button>
          <Link to="/products" className="inline-flex h-10 items-center px-2 text-sm font-semibold text-brand-700 hover:underline">
            {t.continueBrowsing}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t.formLabel}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t.firstName} name="first_name" autoComplete="given-name" required value={fields.first_name} onChange={setField('first_name')} error={errors.first_name} />
        <TextField label={t.lastName} name="last_name" autoComplete="family-name" required value={fields.last_name} onChange={setField('last_name')} error={errors.last_name} />
        <TextField label={t.email} name="email" type="email" inputMode="email" autoComplete="email" required value={fields.email} onChange={setField('email')} error={errors.email} />
        <TextField label={t.phoneOptional} name="phone" type="tel" autoComplete="tel" value={fields.phone} onChange={setField('phone')} error={errors.phone} placeholder="+92 300 1234567" />
      </div>
      <TextField
        label={t.company}
        name="company"
        autoComplete="organization"
        value={fields.company}
        onChange={setField('company')}
        error={errors.company}
      />
      <SelectField
        label={t.subject}
        name="subject"
        required
        placeholder={t.chooseSubject}
        options={subjectOptions(t)}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        error={errors.subject}
      />
      <FormField label={t.message} required error={errors.message}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            required
            maxLength={CONTACT_MESSAGE_MAX}
            value={messageText}
            onChange={(event) => setMessage(event.target.value)}
            className={controlClasses(Boolean(errors.message), 'py-2')}
          />
        )}
      </FormField>
      <CheckboxField
        name="consent"
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
        error={errors.consent}
        label={
          <>
            {t.consentBefore}
            <Link to="/about#privacy" className="font-semibold text-brand-700 hover:underline">
              {t.privacyPolicy}
            </Link>
            {t.consentAfter}
          </>
        }
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {send.isPending ? t.sending : t.send}
      </Button>
    </form>
  );
}
