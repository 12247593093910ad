import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CircleCheck, Send } from 'lucide-react';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS, contactBody, type ContactSubject } from '#contracts/contact';
import { errorSummary, firstFieldErrors, type FieldErrors } from '../auth/field-errors.ts';
import { productQuery } from '../catalog/catalog.api.ts';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ApiError } from '../lib/api.ts';
import { useSendContactMessage } from './contact.api.ts';
import { SUBJECT_OPTIONS } from './contact-details.ts';

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

export function quoteMessage(product: { name: string; model_number?: string }, quantity: number | undefined): string {
  const model = product.model_number ? ` (model ${product.model_number})` : '';
  const amount = quantity ? `${quantity} × ` : '';
  return `Please send me a quote for ${amount}${product.name}${model}.`;
}

/** The first message per field, from the same schema the server checks. */
function validate(body: unknown): FieldErrors {
  const result = contactBody.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
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

  const suggested = prefill.product ? quoteMessage(product.data ?? { name: prefill.product }, prefill.quantity) : '';
  const messageText = message ?? suggested;

  const setField = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...fields, subject, message: messageText, consent };
    const problems = validate(body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send.mutate(contactBody.parse(body), {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          notify.error('Too many messages', 'Please wait a few minutes before sending another message.');
        } else if (error instanceof ApiError && error.status === 400) {
          setErrors(firstFieldErrors(error));
        } else {
          notify.error('Message not sent', errorSummary(error, 'Please try again.'));
        }
      },
    });
  }

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center rounded-xl border border-emerald-200 bg-emerald-50 px-6 py-12 text-center">
        <CircleCheck aria-hidden="true" className="h-10 w-10 text-emerald-600" />
        <h3 className="mt-3 text-xl font-bold text-slate-900">Message sent</h3>
        <p className="mt-2 max-w-md text-slate-700">{send.data.detail}</p>
        <p className="mt-1 text-sm text-slate-500">Reference #{send.data.id}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              send.reset();
              setMessage('');
              setConsent(false);
            }}
          >
            Send another message
          </Button>
          <Link to="/products" className="inline-flex h-10 items-center px-2 text-sm font-semibold text-brand-700 hover:underline">
            Continue browsing
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" name="first_name" autoComplete="given-name" required value={fields.first_name} onChange={setField('first_name')} error={errors.first_name} />
        <TextField label="Last name" name="last_name" autoComplete="family-name" required value={fields.last_name} onChange={setField('last_name')} error={errors.last_name} />
        <TextField label="Email" name="email" type="email" inputMode="email" autoComplete="email" required value={fields.email} onChange={setField('email')} error={errors.email} />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" value={fields.phone} onChange={setField('phone')} error={errors.phone} placeholder="+92 300 1234567" />
      </div>
      <TextField
        label="Company / Hospital (optional)"
        name="company"
        autoComplete="organization"
        value={fields.company}
        onChange={setField('company')}
        error={errors.company}
      />
      <SelectField
        label="Subject"
        name="subject"
        required
        placeholder="Choose a subject"
        options={SUBJECT_OPTIONS}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        error={errors.subject}
      />
      <FormField label="Message" required error={errors.message}>
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
            I agree to be contacted about this enquiry and to the handling of my details as set out in the{' '}
            <Link to="/about#privacy" className="font-semibold text-brand-700 hover:underline">
              privacy policy
            </Link>
            .
          </>
        }
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {send.isPending ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}
