import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-customers';
import { audited } from '../audit/audited.ts';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import { customerById, customerDetail } from './customer-detail.ts';
import { listCustomerRows } from './customer-list.ts';
import { addNote, notesSnapshot } from './customer-notes.ts';

/** The shop's customers for every staff role, personal fields for those that read orders; notes by sales and support. */
export async function registerStaffCustomerRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): Promise<void> {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const personal = (request: Parameters<typeof currentUser>[0]) => contracts.seesPersonalData(currentUser(request).staffRole);

  await registerNoStore(app, (scope) => {
    route(scope, contracts.listCustomers, async (request) => listCustomerRows(db, request.query, personal(request)), staff);
    route(scope, contracts.getCustomer, async (request) => customerDetail(db, request.params.id, personal(request)), staff);
    route(scope, contracts.addCustomerNote, async (request) => {
      const { id } = await customerById(db, request.params.id);
      const author = currentUser(request);
      return { notes: await addNote(db, id, { id: author.id, email: author.email }, request.body.text) };
    }, {
      ...staff,
      audit: audited(db, {
        action: 'customer.note', entity: 'customer', id: (request) => request.params.id, snapshot: (id) => notesSnapshot(db, id),
      }),
    });
  });
}
