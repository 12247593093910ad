import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creditNoteFileName, downloadCreditNote } from '#contracts/credit-notes';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/payments.ts';
import { creditNotes, returns } from '../db/schema/returns.ts';
import { users } from '../db/schema/users.ts';
import { sendPrivateAttachment } from '../documents/content-disposition.ts';
import { notFound } from '../lib/errors.ts';
import type { SellerTaxNumbers } from '../lib/pdf-layout.ts';
import { route } from '../lib/route.ts';
import { textsFor } from '../lib/texts.ts';
import { purchaseOrdersByOrder } from '../organisation-purchasing/purchase-orders.ts';
import { findReadableOrder } from '../orders/orders.service.ts';
import { renderCreditNote } from './credit-note-pdf.ts';

const CREDIT_NOTE_NOT_FOUND = 'Credit note not found.';

/** Credit notes as PDF downloads, for whoever may read the invoice of the order they credit. */
export function registerCreditNoteRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser; seller: SellerTaxNumbers }): void {
  const { db } = deps;

  route(app, downloadCreditNote, async (request, reply) => {
    const [found] = await db.select({ note: creditNotes, rma: returns.rma }).from(creditNotes)
      .leftJoin(returns, eq(returns.id, creditNotes.returnId))
      .where(eq(creditNotes.number, request.params.number));
    if (!found) throw notFound(CREDIT_NOTE_NOT_FOUND);
    const order = await findReadableOrder(db, currentUser(request), found.note.orderId, CREDIT_NOTE_NOT_FOUND);
    const [[payment], [buyer], purchaseOrders] = await Promise.all([
      db.select({ method: payments.method }).from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.createdAt)).limit(1),
      db.select({ language: users.language }).from(users).where(eq(users.id, order.userId)),
      purchaseOrdersByOrder(db, [order.id]),
    ]);
    // In the buyer's language, whoever downloads it, as the invoice.
    const pdf = await renderCreditNote({
      note: found.note, order, rma: found.rma, paymentMethod: payment?.method ?? null,
      purchaseOrder: purchaseOrders.get(order.id) ?? null, seller: deps.seller, texts: textsFor(buyer.language),
    });
    return sendPrivateAttachment(reply, pdf, creditNoteFileName(found.note.number));
  }, { preHandler: deps.requireUser() });
}
