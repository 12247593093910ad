import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateDepartmentBody, Department } from '#contracts/organisation-purchasing';
import { memberDepartments } from '../db/schema/organisation-purchasing.ts';
import { testShippingAddress } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;
let buyer: Headers;
let otherAdmin: Headers;
const memberIds: Record<'approver' | 'buyer' | 'finance' | 'elsewhere', number> = { approver: 0, buyer: 0, finance: 0, elsewhere: 0 };
let theatre: Department;
let ward: Department;

const ward4 = { ...testShippingAddress, company: 'Mayo Hospital, Ward 4', address: '4 Surgical Wing, Mayo Hospital' };
const accounts = { ...testShippingAddress, address: 'Accounts, Mayo Hospital' };

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const update = (id: number, body: unknown, headers = admin) => send('PUT', `/api/organisation/departments/${id}/`, headers, body);
const departments = async () => (await send('GET', '/api/organisation/departments/', admin)).json<{ departments: Department[] }>().departments;
const create = async (body: CreateDepartmentBody) => {
  const created = await send('POST', '/api/organisation/departments/', admin, body);
  expect(created.statusCode).toBe(201);
  return created.json<{ departments: Department[] }>().departments.find((department) => department.name === body.name)!;
};
/** The body that would write `department` back as it is. */
const asBody = (department: Department): CreateDepartmentBody => ({
  name: department.name, cost_centre: department.cost_centre, bill_to: department.bill_to, ship_to: department.ship_to,
  po_required: department.po_required, member_ids: department.member_ids,
});

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified' });
  const organisationId = founder.organisation!.id;
  admin = founder.headers;
  for (const role of ['approver', 'buyer', 'finance'] as const) {
    const member = await addMember(db, organisationId, `${role}@mayo.example`, role);
    memberIds[role] = member.memberId;
    if (role === 'buyer') buyer = member.headers;
  }
  const other = await createBusinessBuyer(db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'verified' });
  otherAdmin = other.headers;
  memberIds.elsewhere = (await addMember(db, other.organisation!.id, 'buyer@services.example', 'buyer')).memberId;
  theatre = await create({ name: 'Theatre', cost_centre: 'CC-410', bill_to: accounts, ship_to: [testShippingAddress], member_ids: [memberIds.buyer] });
  ward = await create({ name: 'Ward 4', bill_to: accounts, ship_to: [ward4] });
});
afterAll(() => t.close());

describe('updating a department', () => {
  it('replaces its name, cost centre, addresses, PO rule and members, and answers the departments', async () => {
    const annexe = { ...ward4, address: '1 Annexe Road, Mayo Hospital' };
    const billTo = { ...accounts, address: 'Finance Office, Mayo Hospital' };
    const updated = await update(theatre.id, {
      name: 'Main Theatre', cost_centre: 'CC-411', bill_to: billTo, ship_to: [ward4, annexe], po_required: true,
      member_ids: [memberIds.finance, memberIds.approver, memberIds.finance],
    });
    expect(updated.statusCode).toBe(200);
    const answer = updated.json<{ departments: Department[]; po_required: boolean }>();
    expect(answer.po_required).toBe(false);
    expect(answer.departments.map((department) => department.name)).toEqual(['Main Theatre', 'Ward 4']);
    expect(answer.departments[0]).toEqual({
      id: theatre.id, name: 'Main Theatre', cost_centre: 'CC-411', bill_to: billTo, ship_to: [ward4, annexe], po_required: true,
      member_ids: [memberIds.approver, memberIds.finance].sort((a, b) => a - b),
    });
    // The buyer left out no longer orders for it; the other department is untouched.
    const assigned = await t.database.db.select().from(memberDepartments).where(eq(memberDepartments.memberId, memberIds.buyer));
    expect(assigned).toEqual([]);
    expect(answer.departments[1]).toEqual(ward);
    theatre = answer.departments[0];
  });

  it('keeps its own name in another case, and may leave it with no members', async () => {
    const renamed = await update(theatre.id, { ...asBody(theatre), name: 'MAIN THEATRE', member_ids: [] });
    expect(renamed.statusCode).toBe(200);
    theatre = renamed.json<{ departments: Department[] }>().departments.find((department) => department.id === theatre.id)!;
    expect(theatre).toMatchObject({ name: 'MAIN THEATRE', member_ids: [] });
  });

  it('is for admins only (403 ORGANISATION_ROLE), and unknown to another organisation (404), writing nothing', async () => {
    const before = await departments();
    const refused = await update(theatre.id, { ...asBody(theatre), name: 'Buyer Theatre' }, buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ORGANISATION_ROLE');
    const elsewhere = await update(theatre.id, { ...asBody(theatre), name: 'Their Theatre', member_ids: [] }, otherAdmin);
    expect(elsewhere.statusCode).toBe(404);
    expect((await update(2_000_000, asBody(theatre))).statusCode).toBe(404);
    expect(await departments()).toEqual(before);
    expect((await send('GET', '/api/organisation/departments/', otherAdmin)).json().departments).toEqual([]);
  });

  it("refuses another department's name, members of another organisation and no delivery address, per field, writing nothing", async () => {
    const before = await departments();
    const clash = await update(theatre.id, { ...asBody(theatre), name: ' ward 4 ', cost_centre: 'CC-999' });
    expect(clash.statusCode).toBe(400);
    expect(Object.keys(clash.json().errors)).toEqual(['name']);
    const stranger = await update(theatre.id, { ...asBody(theatre), cost_centre: 'CC-999', member_ids: [memberIds.buyer, memberIds.elsewhere] });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json().errors)).toEqual(['member_ids']);
    const both = await update(theatre.id, { ...asBody(theatre), name: 'Ward 4', member_ids: [memberIds.elsewhere] });
    expect(Object.keys(both.json().errors).sort()).toEqual(['member_ids', 'name']);
    const noAddress = await update(theatre.id, { ...asBody(theatre), cost_centre: 'CC-999', ship_to: [] });
    expect(noAddress.statusCode).toBe(400);
    expect(Object.keys(noAddress.json().errors)).toEqual(['ship_to']);
    expect(await departments()).toEqual(before);
  });

  it('is refused a name clash on create as well, with the member check shared', async () => {
    const clash = await send('POST', '/api/organisation/departments/', admin, {
      name: 'main theatre', bill_to: accounts, ship_to: [ward4], member_ids: [memberIds.elsewhere],
    });
    expect(clash.statusCode).toBe(400);
    expect(Object.keys(clash.json().errors).sort()).toEqual(['member_ids', 'name']);
    expect(await departments()).toHaveLength(2);
  });
});
