import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { defineContract } from './define.ts';
import { atLeast, atMost, INVALID_EMAIL, INVALID_PHONE, message, REQUIRED } from './issues.ts';

export const CONTACT_SUBJECTS = ['general', 'product', 'pricing', 'support', 'partnership', 'complaint'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_THANKS = 'Thank you! We will get back to you within one business day.';

const required = (max: number) => z.string({ message: REQUIRED }).trim()
  .min(1, REQUIRED).max(max, atMost(max));

export const contactBody = z.object({
  first_name: required(100),
  last_name: required(100),
  email: z.string({ message: REQUIRED }).trim().toLowerCase()
    .min(1, REQUIRED).max(254, atMost(254))
    .pipe(z.email({ message: INVALID_EMAIL })),
  phone: z.string().trim().optional().transform((v) => (v ? v : undefined)).refine(
    (v) => v === undefined || (/^\+?[\d\s\-()]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v)),
    INVALID_PHONE,
  ),
  company: z.string().trim().max(200, atMost(200)).optional().transform((v) => (v ? v : undefined)),
  subject: z.enum(CONTACT_SUBJECTS, { message: `Choose one of: ${CONTACT_SUBJECTS.join(', ')}.` }),
  message: multiline({ message: REQUIRED }).trim()
    .min(CONTACT_MESSAGE_MIN, atLeast(CONTACT_MESSAGE_MIN))
    .max(CONTACT_MESSAGE_MAX, atMost(CONTACT_MESSAGE_MAX)),
  consent: z.literal(true, { message: message('consent_required', 'You must agree to be contacted.') }),
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
