import { z } from 'zod';
import { defineContract } from './define.ts';
import { staffAccess } from './staff-roles.ts';

export const MAIL_PAGE_SIZE = 50;
export const mailStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** One outgoing mail as staff see it: never its text, which may hold a sign-in or reset link. */
export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/** GET /api/staff/mail/?status=failed&page=1: outgoing mail, newest first, filtered by status. */
export const listMail = defineContract({
  method: 'GET',
  path: '/api/staff/mail/',
  staff: staffAccess.mail,
  query: z.object({
    status: z.enum(mailStatuses, { message: `Choose one of: ${mailStatuses.join(', ')}.` }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({ count: z.number().int(), page: z.number().int(), pageSize: z.number().int(), results: z.array(outboxMail) }),
  errors: ['STAFF_ONLY'],
});

/** POST /api/staff/mail/{id}/resend/: a failed (or waiting) mail is sent again now; a sent one is not sent twice (409). */
export const resendMail = defineContract({
  method: 'POST',
  path: '/api/staff/mail/:id/resend/',
  staff: staffAccess.mail,
  params: z.object({ id: z.coerce.number().int().min(1, 'Not a mail id.').max(2_147_483_647, 'Not a mail id.') }),
  response: outboxMail,
  errors: ['STAFF_ONLY', 'ALREADY_SENT'],
});
