import { z } from 'zod';

/** An order paid by invoice on terms: the terms, the due date (ISO) and when the payment was recorded (null until then). */
export const invoiceTerms = z.object({ terms: z.enum(['net30', 'net60']), dueDate: z.string(), paidAt: z.string().nullable() });
