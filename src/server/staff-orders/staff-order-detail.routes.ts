import type { FastifyInstance } from 'fastify';
import { addOrderNote, getStaffOrder } from '#contracts/staff-order-detail';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { audited } from '../audit/audited.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { staffOrderDetail } from './order-detail.ts';
import { addNote, notesOf } from './order-notes.ts';

/** The staff order detail every role opens, and staff's internal notes on an order (audited; the buyer never reads them). */
export function registerStaffOrderDetailRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const { db } = deps;

  route(app, getStaffOrder, async (request) => staffOrderDetail(db, currentUser(request), request.params.id), staff);

  route(app, addOrderNote, async (request) => {
    const note = await addNote(db, request.params.id, currentUser(request), request.body.text);
    return { note, notes: await notesOf(db, request.params.id) };
  }, {
    ...staff,
    audit: audited(db, {
      action: 'order.note', entity: 'order', id: (request) => request.params.id,
      snapshot: async (orderId) => ({ notes: await notesOf(db, orderId) }),
    }),
  });
}
