import { desc, eq } from 'drizzle-orm';
import type { OrderNote } from '#contracts/staff-order-detail';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderNotes } from '../db/schema/staff-notes.ts';
import { notFound } from '../lib/errors.ts';
import { ORDER_NOT_FOUND } from '../orders/orders.service.ts';

type NoteRow = typeof orderNotes.$inferSelect;

const noteView = (row: NoteRow): OrderNote => ({
  id: row.id, text: row.text, author_email: row.authorEmail, created_at: row.createdAt.toISOString(),
});

/** Staff's notes on the order, newest first. */
export async function notesOf(db: Db, orderId: string): Promise<OrderNote[]> {
  const rows = await db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
  return rows.map(noteView);
}

/** Adds a note by `author` to the order (404 for an unknown order). */
export async function addNote(db: Db, orderId: string, author: { id: string; email: string }, text: string): Promise<OrderNote> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const [row] = await db.insert(orderNotes).values({ orderId, authorId: author.id, authorEmail: author.email, text }).returning();
  return noteView(row);
}
