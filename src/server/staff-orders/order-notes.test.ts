import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NOTE_LENGTH, type OrderNote, type StaffOrderDetail } from '#contracts/staff-order-detail';
import { auditLog } from '../db/schema/audit.ts';
import { orderNotes } from '../db/schema/staff-notes.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

let s: StaffApp<'catalogue' | 'fulfilment' | 'sales' | 'support'>;
let order: { orderId: string; orderNumber: string };

beforeAll(async () => {
  s = await staffApp(['catalogue', 'fulfilment', 'sales', 'support']);
  order = await buyByCard(s.t, s.buyer, [{ productId: s.kelly, quantity: 1 }]);
});
afterAll(() => s.t.close());

const addNote = (payload: unknown, headers?: Record<string, string>, id = order.orderId) =>
  s.t.app.inject({ method: 'POST', url: `/api/staff/orders/${id}/notes/`, headers, payload: payload as Record<string, unknown> });
const notesInDb = () => s.t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.orderId));

describe('internal notes on an order', () => {
  it('are kept with their author, newest first, shown in the detail and audited', async () => {
    const first = await addNote({ text: 'Buyer asked to deliver after 2 pm.' }, s.staff.support);
    expect(first.statusCode, first.body).toBe(201);
    const second = await addNote({ text: '  Pack the retractors separately.\nFragile.  ' }, s.staff.fulfilment);
    const { note, notes } = second.json<{ note: OrderNote; notes: OrderNote[] }>();
    expect(note).toMatchObject({ text: 'Pack the retractors separately.\nFragile.', author_email: 'fulfilment@staff.example' });
    expect(notes.map((kept) => kept.text)).toEqual(['Pack the retractors separately.\nFragile.', 'Buyer asked to deliver after 2 pm.']);

    const detail = await s.t.app.inject({ method: 'GET', url: `/api/staff/orders/${order.orderNumber}/`, headers: s.staff.sales });
    expect(detail.json<StaffOrderDetail>().notes).toEqual(notes);

    const [entry] = await s.t.database.db.select().from(auditLog)
      .where(and(eq(auditLog.entityId, order.orderId), eq(auditLog.action, 'order.note'), eq(auditLog.actorEmail, 'fulfilment@staff.example')));
    expect(entry).toMatchObject({ entity: 'order' });
    expect(entry.before).toEqual({ notes: [expect.objectContaining({ text: 'Buyer asked to deliver after 2 pm.' })] });
    expect((entry.after as { notes: OrderNote[] }).notes).toHaveLength(2);
  });

  it('are never in the buyer\'s answers', async () => {
    await addNote({ text: 'Secret: buyer is a repeat complainer.' }, s.staff.sales);
    const tracked = await s.t.app.inject({ method: 'GET', url: `/api/orders/track/${order.orderNumber}`, headers: s.buyer });
    const listed = await s.t.app.inject({ method: 'GET', url: '/api/orders/', headers: s.buyer });
    for (const answer of [tracked, listed]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('Secret');
      expect(answer.body).not.toContain('"notes"');
    }
  });

  it('take 1 to 2000 characters: 400 with the field named otherwise, and nothing kept', async () => {
    const before = (await notesInDb()).length;
    for (const payload of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, { text: 42 }, { text: 'a\u0000b' }]) {
      const response = await addNote(payload, s.staff.fulfilment);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['text']);
    }
    expect((await addNote({ text: 'x'.repeat(MAX_NOTE_LENGTH) }, s.staff.fulfilment)).statusCode).toBe(201);
    expect((await notesInDb()).length).toBe(before + 1);
  });

  it('are for roles that read orders: 403 for catalogue and buyers, 401 signed out, 404 for an unknown order', async () => {
    const before = (await notesInDb()).length;
    expect((await addNote({ text: 'No' }, s.staff.catalogue)).statusCode).toBe(403);
    expect((await addNote({ text: 'No' }, s.buyer)).statusCode).toBe(403);
    expect((await addNote({ text: 'No' })).statusCode).toBe(401);
    expect((await addNote({ text: 'No' }, s.staff.sales, '7a1b2c3d-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await notesInDb()).length).toBe(before);
  });
});
