import { desc, eq } from 'drizzle-orm';
import type { CustomerNote } from '#contracts/staff-customers';
import type { Db } from '../db/client.ts';
import { customerNotes } from '../db/schema/staff-notes.ts';

type NoteRow = typeof customerNotes.$inferSelect;

const noteView = (row: NoteRow): CustomerNote => ({
  id: row.id, text: row.text, author_email: row.authorEmail, created_at: row.createdAt.toISOString(),
});

const noteRows = (db: Db, userId: string) =>
  db.select().from(customerNotes).where(eq(customerNotes.userId, userId)).orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));

/** Staff's notes on the customer, newest first. */
export async function notesOf(db: Db, userId: string): Promise<CustomerNote[]> {
  return (await noteRows(db, userId)).map(noteView);
}

/** The customer's notes as the audit trail keeps them. */
export async function notesSnapshot(db: Db, userId: string): Promise<unknown> {
  return { notes: await noteRows(db, userId) };
}

/** Adds a note by `author` and answers every note of the customer. */
export async function addNote(db: Db, userId: string, author: { id: string; email: string }, text: string): Promise<CustomerNote[]> {
  await db.insert(customerNotes).values({ userId, authorId: author.id, authorEmail: author.email, text });
  return notesOf(db, userId);
}
