import { eq } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembersAnswer, OrganisationRole } from '#contracts/organisation-members';
import type { CreateDepartmentBody, Department, OrderRequest, SpendingLimit } from '#contracts/organisation-purchasing';
import type { OrganisationOrder, SpendRow } from '#contracts/organisation-reports';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { orderRequests, organisationDepartments, organisationOrders, spendingLimits } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { organisations } from '../db/schema/organisations.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';

/*
 * Who may use each /api/organisation/ route: an organisation's admin manages its members, departments and rules; its
 * approvers decide requests; its buyers buy (and pay for their own approved requests); its finance reads orders and
 * reports and records nothing. A member of another organisation acting on this one's ids is told they are unknown
 * (404) and lists only their own organisation; someone in no organisation (only invited to one, or removed from it)
 * is told there is nothing here (404); signed out is 401. The invitation routes (look-up, accept) go by the mailed token, not by role,
 * and are left out.
 *
 * One app (with the shop's exchange rate: requests are answered in PKR too) and one database for the whole table.
 * Requests that would write are ones that fail after the role check (a name already taken, someone else's member id,
 * a request already decided), or write what is already there; the one real write is the admin removing a member
 * made for it, after everyone else was refused.
 */

const ACTORS = ['anonymous', 'loner', 'invited', 'former', 'outsiderBuyer', 'outsiderAdmin', 'finance', 'buyer', 'approver', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Member = Extract<Actor, OrganisationRole>;
type Outsider = 'outsiderAdmin' | 'outsiderBuyer';
const MEMBERS: readonly Member[] = ['admin', 'approver', 'buyer', 'finance'];
const isOutsider = (as: Actor): as is Outsider => as === 'outsiderAdmin' || as === 'outsiderBuyer';

const ROLE = '403 ORGANISATION_ROLE';
const headers: Record<Actor, Record<string, string>> = Object.fromEntries(ACTORS.map((as) => [as, {}])) as never;
const mayo = { organisationId: '', memberIds: {} as Record<'approver' | 'buyer' | 'finance' | 'leaver', number>, theatre: {} as Department, orderNumber: '' };
const services = { buyerMemberId: 0, orderNumber: '', requestId: 0 };
const requestIds = { buyerPending: 0, buyerRejected: 0, approverPending: 0, formerApproved: 0 };
let t: CommerceTestApp;

const mayoAddress = testShippingAddress;
const servicesAddress = { ...testShippingAddress, email: 'ward@services.example', company: 'Services Hospital', address: '3 Jail Road' };
const theatreBody = (): CreateDepartmentBody => ({
  name: 'Theatre', cost_centre: 'CC-410', bill_to: mayoAddress, ship_to: [mayoAddress], po_required: false, member_ids: [mayo.memberIds.buyer],
});
/** What would betray this organisation to a member of another: its people's emails, its department, its order. */
const mayoMarkers = () => ['mayo.example', 'Mayo Hospital', 'Theatre', 'CC-410', mayo.organisationId, mayo.orderNumber];

interface Row {
  /** The route as registered: method and path. */
  route: string;
  /** What each actor gets: the status, then the error code, or for a 400 the fields refused. */
  expected: Record<Actor, string>;
  url?: (as: Actor) => string;
  body?: (as: Actor) => unknown;
  headers?: (as: Actor) => Record<string, string>;
  /** Looks into an answer that succeeded. */
  check?: (as: Actor, answer: Response) => void;
}

/** A row's expectations: this organisation's four roles, then an admin and a buyer of another organisation. */
const expecting = (
  [admin, approver, buyer, finance]: [string, string, string, string], [outsiderAdmin, outsiderBuyer]: [string, string],
): Record<Actor, string> => ({
  anonymous: '401', loner: '404', invited: '404', former: '404', outsiderBuyer, outsiderAdmin, finance, buyer, approver, admin });

const json = <T>(answer: Response) => answer.json<T>();
/** A card payment of the requests' amount: paying a request sends the payment alone, its details are the request's. */
const { orderDetails: _details, ...cardPayment } = paymentBody('credit_card', 600);
const names = (answer: Response) => json<{ departments: Department[] }>(answer).departments.map((department) => department.name);
const ownDepartments = (as: Actor) => (isOutsider(as) ? ['Services Ward'] : ['Theatre']);

const ROWS: Row[] = [
  {
    route: 'GET /api/organisation/members/',
    expected: expecting(['200', '200', '200', '200'], ['200', '200']),
    check: (as, answer) => {
      const { organisation, your_role: yourRole, members } = json<MembersAnswer>(answer);
      expect(yourRole).toBe(isOutsider(as) ? (as === 'outsiderAdmin' ? 'admin' : 'buyer') : as);
      expect(organisation.name).toBe(isOutsider(as) ? 'Services Hospital' : 'Mayo Hospital');
      expect(members.map((member) => member.email)).toContain(isOutsider(as) ? 'buyer@services.example' : 'finance@mayo.example');
    },
  },
  {
    // Inviting someone who already belongs: refused on the email once past the role check.
    route: 'POST /api/organisation/members/',
    body: () => ({ email: 'finance@mayo.example', role: 'buyer' }),
    expected: expecting(['400 email', ROLE, ROLE, ROLE], ['400 email', ROLE]),
  },
  {
    // Everyone but this organisation's admin is refused first; the admin then removes the member made for this row.
    route: 'DELETE /api/organisation/members/:id/',
    url: () => `/api/organisation/members/${mayo.memberIds.leaver}/`,
    expected: expecting(['200', ROLE, ROLE, ROLE], ['404', '404']),
    check: (_as, answer) => expect(json<MembersAnswer>(answer).members.map((member) => member.email)).not.toContain('leaver@mayo.example'),
  },
  {
    route: 'GET /api/organisation/departments/',
    expected: expecting(['200', '200', '200', '200'], ['200', '200']),
    check: (as, answer) => expect(names(answer)).toEqual(ownDepartments(as)),
  },
  {
    // A name this organisation already has, with this organisation's buyer: another organisation's admin is refused the member.
    route: 'POST /api/organisation/departments/',
    body: () => theatreBody(),
    expected: expecting(['400 name', ROLE, ROLE, ROLE], ['400 member_ids', ROLE]),
  },
  {
    // The department written back as it is.
    route: 'PUT /api/organisation/departments/:id/',
    url: () => `/api/organisation/departments/${mayo.theatre.id}/`,
    body: () => theatreBody(),
    expected: expecting(['200', ROLE, ROLE, ROLE], ['404', '404']),
    check: (_as, answer) => expect(json<{ departments: Department[] }>(answer).departments).toEqual([mayo.theatre]),
  },
  {
    // The rule as it already is, for each admin's own organisation.
    route: 'PUT /api/organisation/purchase-orders/',
    body: () => ({ required: false }),
    expected: expecting(['200', ROLE, ROLE, ROLE], ['200', ROLE]),
    check: (as, answer) => {
      expect(json<{ po_required: boolean }>(answer).po_required).toBe(false);
      expect(names(answer)).toEqual(ownDepartments(as));
    },
  },
  {
    route: 'GET /api/organisation/limits/',
    expected: expecting(['200', '200', '200', '200'], ['200', '200']),
    check: (as, answer) => expect(json<{ limits: SpendingLimit[] }>(answer).limits.map((limit) => limit.per_order))
      .toEqual(isOutsider(as) ? [] : ['500.00']),
  },
  {
    // This organisation's admin sets its limit to what it is; the other organisation's admin names this one's buyer.
    route: 'PUT /api/organisation/limits/',
    body: (as) => (isOutsider(as)
      ? { per_order: '1.00', per_month: null, member_id: mayo.memberIds.buyer }
      : { per_order: '500.00', per_month: null }),
    expected: expecting(['200', ROLE, ROLE, ROLE], ['400 member_id', ROLE]),
    check: (_as, answer) => expect(json<{ limits: SpendingLimit[] }>(answer).limits).toEqual([
      { id: expect.any(Number), member_id: null, department_id: null, per_order: '500.00', per_month: null },
    ]),
  },
  {
    // Approvers and admins see every request of their organisation; buyers and finance their own.
    route: 'GET /api/organisation/approvals/',
    expected: expecting(['200', '200', '200', '200'], ['200', '200']),
    check: (as, answer) => {
      const { your_role: yourRole, requests } = json<{ your_role: OrganisationRole; requests: OrderRequest[] }>(answer);
      const seen = {
        admin: [requestIds.buyerPending, requestIds.buyerRejected, requestIds.approverPending, requestIds.formerApproved],
        approver: [requestIds.buyerPending, requestIds.buyerRejected, requestIds.approverPending, requestIds.formerApproved],
        buyer: [requestIds.buyerPending, requestIds.buyerRejected],
        finance: [],
        outsiderAdmin: [services.requestId],
        outsiderBuyer: [services.requestId],
      }[as as Member | Outsider];
      expect(requests.map((request) => request.id).sort((a, b) => a - b)).toEqual(seen);
      expect(yourRole).toBe(isOutsider(as) ? (as === 'outsiderAdmin' ? 'admin' : 'buyer') : as);
    },
  },
  {
    // A request already rejected: those who may decide are told so (409); the others are refused their role first.
    route: 'POST /api/organisation/approvals/:id/approve/',
    url: () => `/api/organisation/approvals/${requestIds.buyerRejected}/approve/`,
    expected: expecting(['409 ILLEGAL_TRANSITION', '409 ILLEGAL_TRANSITION', ROLE, ROLE], ['404', '404']),
  },
  {
    route: 'POST /api/organisation/approvals/:id/reject/',
    url: () => `/api/organisation/approvals/${requestIds.buyerRejected}/reject/`,
    body: () => ({ reason: 'Over the theatre budget.' }),
    expected: expecting(['409 ILLEGAL_TRANSITION', '409 ILLEGAL_TRANSITION', ROLE, ROLE], ['404', '404']),
  },
  {
    // Only the member who asked pays, once approved: the buyer's was rejected; the removed member's own approved
    // request is no longer theirs to pay. Anyone else is told it is unknown.
    route: 'POST /api/organisation/approvals/:id/pay/',
    url: (as) => `/api/organisation/approvals/${as === 'former' ? requestIds.formerApproved : requestIds.buyerRejected}/pay/`,
    body: () => cardPayment,
    headers: (as) => ({ 'idempotency-key': `matrix-pay-${as}` }),
    expected: expecting(['404', '404', '409 ILLEGAL_TRANSITION', '404'], ['404', '404']),
  },
  {
    // Each admin sets their own organisation's punchout identity; its secret is answered this once.
    route: 'PUT /api/organisation/punchout/',
    body: (as) => ({
      from_domain: 'NetworkId', from_identity: isOutsider(as) ? 'SERVICES-HOSPITAL' : 'MAYO-HOSPITAL', shared_secret: 'matrix-secret-0123456789',
    }),
    expected: expecting(['200', ROLE, ROLE, ROLE], ['200', ROLE]),
    check: (_as, answer) => expect(json<{ shared_secret: string }>(answer).shared_secret).toBe('matrix-secret-0123456789'),
  },
  {
    route: 'GET /api/organisation/punchout/',
    expected: expecting(['200', '200', '200', '200'], ['200', '200']),
    check: (_as, answer) => expect(answer.payload).not.toContain('matrix-secret'),
  },
  {
    route: 'GET /api/organisation/orders/',
    expected: expecting(['200', '200', ROLE, '200'], ['200', ROLE]),
    check: (as, answer) => expect(json<{ orders: OrganisationOrder[] }>(answer).orders.map((order) => order.orderNumber))
      .toEqual([isOutsider(as) ? services.orderNumber : mayo.orderNumber]),
  },
  {
    route: 'GET /api/organisation/reports/spend/',
    expected: expecting(['200', '200', ROLE, '200'], ['200', ROLE]),
    check: (as, answer) => expect(json<{ rows: SpendRow[] }>(answer).rows.map((row) => row.department)).toEqual(ownDepartments(as)),
  },
  {
    route: 'GET /api/organisation/reports/orders.csv',
    expected: expecting(['200', '200', ROLE, '200'], ['200', ROLE]),
    check: (as, answer) => {
      expect(answer.headers['content-type']).toContain('text/csv');
      expect(answer.payload).toContain(isOutsider(as) ? services.orderNumber : mayo.orderNumber);
    },
  },
];

const registered = () => new Set(t.app.registeredRoutes
  .filter((route) => route.url.startsWith('/api/organisation/') && !route.url.startsWith('/api/organisation/invitations/'))
  .filter((route) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
  .map((route) => `${route.method} ${route.url}`));

const outcome = (answer: Response): string => {
  if (answer.statusCode < 300) return String(answer.statusCode);
  const body = answer.json<{ code?: string; errors?: Record<string, string[]> }>();
  if (answer.statusCode === 400) return `400 ${Object.keys(body.errors ?? {}).sort().join(',')}`;
  return body.code ? `${answer.statusCode} ${body.code}` : String(answer.statusCode);
};

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified' });
  mayo.organisationId = founder.organisation!.id;
  headers.admin = founder.headers;
  const people: Partial<Record<Member, string>> = { admin: founder.user.id };
  for (const role of ['approver', 'buyer', 'finance'] as const) {
    const member = await addMember(db, mayo.organisationId, `${role}@mayo.example`, role);
    headers[role] = member.headers;
    mayo.memberIds[role] = member.memberId;
    people[role] = member.user.id;
  }
  mayo.memberIds.leaver = (await addMember(db, mayo.organisationId, 'leaver@mayo.example', 'buyer')).memberId;
  const invited = await createTestUser(db, { email: 'invited@mayo.example', accountType: 'business' });
  await db.insert(organisationMembers).values({ organisationId: mayo.organisationId, email: 'invited@mayo.example', role: 'admin' });
  headers.invited = invited.headers;
  const former = await addMember(db, mayo.organisationId, 'former@mayo.example', 'buyer');
  headers.former = former.headers;

  const other = await createBusinessBuyer(db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'verified' });
  headers.outsiderAdmin = other.headers;
  const otherBuyer = await addMember(db, other.organisation!.id, 'buyer@services.example', 'buyer');
  headers.outsiderBuyer = otherBuyer.headers;
  services.buyerMemberId = otherBuyer.memberId;
  headers.loner = (await createTestUser(db, { email: 'loner@example.com', accountType: 'business' })).headers;

  const create = async (as: Actor, body: CreateDepartmentBody) => {
    const created = await t.app.inject({ method: 'POST', url: '/api/organisation/departments/', headers: headers[as], payload: body });
    expect(created.statusCode).toBe(201);
    return json<{ departments: Department[] }>(created).departments[0];
  };
  mayo.theatre = await create('admin', theatreBody());
  const ward = await create('outsiderAdmin', {
    name: 'Services Ward', bill_to: servicesAddress, ship_to: [servicesAddress], member_ids: [services.buyerMemberId],
  });
  const limit = await t.app.inject({
    method: 'PUT', url: '/api/organisation/limits/', headers: headers.admin, payload: { per_order: '500.00', per_month: null },
  });
  expect(limit.statusCode).toBe(200);

  const { products } = await insertCatalogue(db, ['general-surgery'], [{ name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000 }]);
  const place = async (userId: string, organisationId: string, departmentId: number) => {
    const order = await insertOrder(db, userId, [{ productId: products[0].id }]);
    await db.insert(organisationOrders).values({ orderId: order.id, organisationId, departmentId, poNumber: 'PO-1' });
    return order.orderNumber;
  };
  mayo.orderNumber = await place(people.buyer!, mayo.organisationId, mayo.theatre.id);
  services.orderNumber = await place(otherBuyer.user.id, other.organisation!.id, ward.id);

  const request = async (organisationId: string, requestedBy: string, decided?: { status: 'approved' | 'rejected'; by: string }) => {
    const [row] = await db.insert(orderRequests).values({
      organisationId, requestedBy, lines: [], totals: {}, amountCents: 60_000, exceeded: [], idempotencyKey: `matrix-${requestedBy}-${Boolean(decided)}`,
      orderDetails: { shippingAddress: mayoAddress, currency: 'USD', paymentMethod: 'credit_card' },
      ...(decided ? { status: decided.status, decidedBy: decided.by, decidedAt: new Date() } : {}),
      ...(decided?.status === 'rejected' ? { reason: 'Not this quarter.' } : {}),
    }).returning();
    return row.id;
  };
  requestIds.buyerPending = await request(mayo.organisationId, people.buyer!);
  requestIds.buyerRejected = await request(mayo.organisationId, people.buyer!, { status: 'rejected', by: people.approver! });
  requestIds.approverPending = await request(mayo.organisationId, people.approver!);
  services.requestId = await request(other.organisation!.id, otherBuyer.user.id);
  // Approved to be paid by card, and then its buyer was removed from the organisation.
  requestIds.formerApproved = await request(mayo.organisationId, former.user.id, { status: 'approved', by: people.approver! });
  await db.delete(organisationMembers).where(eq(organisationMembers.id, former.memberId));
});
afterAll(() => t.close());

describe('the /api/organisation/ role matrix', () => {
  it('has a row for every /api/organisation/ route but the invitations', () => {
    expect(new Set(ROWS.map((row) => row.route))).toEqual(registered());
  });

  it.each(ROWS)('$route', async (row) => {
    const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const got = {} as Record<Actor, string>;
    for (const as of ACTORS) {
      const body = row.body?.(as);
      const answer = await t.app.inject({
        method, url: row.url?.(as) ?? path, headers: { ...headers[as], ...row.headers?.(as) },
        ...(body ? { payload: body as Record<string, unknown> } : {}),
      });
      got[as] = outcome(answer);
      if (answer.statusCode >= 300) continue;
      row.check?.(as, answer);
      if (isOutsider(as)) for (const marker of mayoMarkers()) expect(answer.payload, `${as} sees ${marker}`).not.toContain(marker);
    }
    expect(got).toEqual(row.expected);
  });

  it('wrote nothing for the requests it refused', async () => {
    const { db } = t.database;
    const departments = await db.select().from(organisationDepartments);
    expect(departments.map((department) => department.name).sort()).toEqual(['Services Ward', 'Theatre']);
    const limits = await db.select().from(spendingLimits);
    expect(limits).toEqual([expect.objectContaining({ organisationId: mayo.organisationId, memberId: null, perOrderCents: 50_000 })]);
    expect((await db.select().from(organisations)).map((organisation) => organisation.poRequired)).toEqual([false, false]);
    // The four roles and the invitation; the member made to be removed is gone, and nobody was invited.
    const members = await db.select().from(organisationMembers);
    expect(members.filter((member) => member.organisationId === mayo.organisationId)).toHaveLength(MEMBERS.length + 1);
    expect(members).toHaveLength(MEMBERS.length + 1 + 2);
    const requests = await db.select({ id: orderRequests.id, status: orderRequests.status, orderId: orderRequests.orderId }).from(orderRequests)
      .orderBy(orderRequests.id);
    expect(requests.filter((request) => request.status !== 'pending' || request.orderId)).toEqual([
      { id: requestIds.buyerRejected, status: 'rejected', orderId: null },
      { id: requestIds.formerApproved, status: 'approved', orderId: null },
    ]);
    expect(await db.select().from(orders)).toHaveLength(2);
  });
});
