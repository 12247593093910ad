import { z } from 'zod';
import { defineContract } from './define.ts';

export const CONTACT_SUBJECTS = ['general', 'product', 'pricing', 'support', 'partnership', 'complaint'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_THANKS = 'Thank you! We will get back to you within one business day.';

const required = (max: number) => z.string({ message: 'This field is required.' }).trim()
  .min(1, 'This field is required.').max(max, `Enter at most ${max} characters.`);

export const contactBody = z.object({
  first_name: required(100),
  last_name: required(100),
  email: z.string({ message: 'This field is required.' }).trim().toLowerCase()
    .min(1, 'This field is required.').max(254, 'Enter at most 254 characters.')
    .pipe(z.email({ message: 'Enter a valid email address.' })),
  phone: z.string().trim().optional().transform((v) => (v ? v : undefined)).refine(
    (v) => v === undefined || (/^\+?[\d\s\-()]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v)),
    'Enter a valid phone number (7 to 15 digits).',
  ),
  company: z.string().trim().max(200, 'Enter at most 200 characters.').optional().transform((v) => (v ? v : undefined)),
  subject: z.enum(CONTACT_SUBJECTS, { message: `Choose one of: ${CONTACT_SUBJECTS.join(', ')}.` }),
  message: z.string({ message: 'This field is required.' }).trim()
    .min(CONTACT_MESSAGE_MIN, `Enter at least ${CONTACT_MESSAGE_MIN} characters.`)
    .max(CONTACT_MESSAGE_MAX, `Enter at most ${CONTACT_MESSAGE_MAX} characters.`),
  consent: z.literal(true, { message: 'You must agree to be contacted.' }),
});
export type ContactBody = z.input<typeof contactBody>;

/** Stored and mailed to the shop; 5 per 10 minutes per address, then 429. 'pricing' doubles as a quote request. */
export const submitContact = defineContract({
  method: 'POST',
  path: '/api/contact/',
  body: contactBody,
  response: z.object({ id: z.number().int(), detail: z.string() }),
  status: 201,
});
