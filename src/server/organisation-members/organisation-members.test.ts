import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembersAnswer, OrganisationRole } from '#contracts/organisation-members';
import { licences } from '../db/schema/licences.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser, GOOD_PASSWORD } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;
let organisationId: string;
let otherAdmin: Headers;
let productSlug: string;
const people: Partial<Record<OrganisationRole, { headers: Headers; memberId: number; email: string }>> = {};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const members = async (headers: Headers) => (await call('GET', '/api/organisation/members/', headers)).json<MembersAnswer>();
const tokenMailedTo = (email: string) => new URL(t.mailer.lastTo(email)!.link!).searchParams.get('token')!;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const priceFor = async (headers?: Headers) => (await call('GET', `/api/products/${productSlug}/`, headers)).json<{ price: string }>().price;

/** Invites a new address in `role` as the admin, and accepts as the invited person would: a signed-in member. */
async function join(role: OrganisationRole, email: string) {
  expect((await call('POST', '/api/organisation/members/', admin, { email, role })).statusCode).toBe(201);
  const accepted = await call('POST', '/api/organisation/invitations/accept/', undefined, {
    token: tokenMailedTo(email), first_name: 'Sana', last_name: role, password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD,
  });
  expect(accepted.statusCode).toBe(200);
  const headers = bearer(accepted.json().session.token);
  const memberId = (await members(admin)).members.find((member) => member.email === email)!.id;
  return { headers, memberId, email };
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 500_000 });
  admin = founder.headers;
  organisationId = founder.organisation!.id;
  otherAdmin = (await createBusinessBuyer(db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'verified' })).headers;
  const { products } = await insertCatalogue(db, ['general-surgery'], [{ name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000 }]);
  productSlug = products[0].slug;
  await db.insert(organisationPrices).values({ organisationId, productId: products[0].id, kind: 'fixed', value: 8_000 });
  for (const role of ['approver', 'buyer', 'finance'] as const) people[role] = await join(role, `${role}@mayo.example`);
});
afterAll(() => t.close());

describe('the role matrix', () => {
  it('lets every member read the members, and tells one outside any organisation there is nothing (404)', async () => {
    for (const role of ['approver', 'buyer', 'finance'] as const) {
      const answer = await members(people[role]!.headers);
      expect(answer.your_role).toBe(role);
      expect(answer.organisation.name).toBe('Mayo Hospital');
      expect(answer.members.map((member) => member.role)).toEqual(['admin', 'approver', 'buyer', 'finance']);
      expect(answer.members.filter((member) => member.is_you).map((member) => member.email)).toEqual([`${role}@mayo.example`]);
    }
    const loner = await createTestUser(t.database.db, { email: 'loner@example.com', accountType: 'business' });
    expect((await call('GET', '/api/organisation/members/', loner.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/organisation/members/')).statusCode).toBe(401);
    // Another organisation's admin sees their own organisation only.
    expect((await members(otherAdmin)).members.map((member) => member.email)).toEqual(['admin@services.example']);
  });

  it('lets only an admin invite, and writes nothing for anyone else', async () => {
    const mails = (await t.database.db.select().from(mailOutbox)).length;
    for (const role of ['approver', 'buyer', 'finance'] as const) {
      const response = await call('POST', '/api/organisation/members/', people[role]!.headers, { email: 'nurse@mayo.example', role: 'buyer' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ORGANISATION_ROLE');
    }
    const loner = await createTestUser(t.database.db, { email: 'loner2@example.com', accountType: 'business' });
    expect((await call('POST', '/api/organisation/members/', loner.headers, { email: 'nurse@mayo.example', role: 'buyer' })).statusCode).toBe(404);
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(mails);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'nurse@mayo.example'))).toEqual([]);
  });

  it("lets only an admin remove someone else, and answers 404 for another organisation's member", async () => {
    const forbidden = await call('DELETE', `/api/organisation/members/${people.approver!.memberId}/`, people.buyer!.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('ORGANISATION_ROLE');
    expect((await call('DELETE', `/api/organisation/members/${people.approver!.memberId}/`, people.finance!.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/organisation/members/${people.approver!.memberId}/`, otherAdmin)).statusCode).toBe(404);
    expect((await members(admin)).members).toHaveLength(4);
  });

  it('refuses bad input per field', async () => {
    const response = await call('POST', '/api/organisation/members/', admin, { email: 'not-an-email', role: 'owner' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'role']);
    expect((await call('DELETE', '/api/organisation/members/99999999999/', admin)).statusCode).toBe(400);
  });
});

describe('inviting', () => {
  it('makes no account for a new address until the person accepts with a name and password, and then signs them in', async () => {
    expect((await call('POST', '/api/organisation/members/', admin, { email: 'Theatre.Nurse@Mayo.example', role: 'buyer' })).statusCode).toBe(201);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'theatre.nurse@mayo.example'))).toEqual([]);
    const mail = t.mailer.lastTo('theatre.nurse@mayo.example')!;
    expect(mail.text).toContain('Mayo Hospital');
    const token = tokenMailedTo('theatre.nurse@mayo.example');
    const invited = (await members(admin)).members.find((member) => member.email === 'theatre.nurse@mayo.example')!;
    expect(invited).toMatchObject({ status: 'invited', name: '', role: 'buyer', joined_at: null });

    expect((await call('POST', '/api/organisation/invitations/look-up/', undefined, { token })).json()).toEqual({
      valid: true, email: 'theatre.nurse@mayo.example', organisation: 'Mayo Hospital', role: 'buyer', needs_account: true, member_elsewhere: false,
    });
    const missing = await call('POST', '/api/organisation/invitations/accept/', undefined, { token });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['first_name', 'last_name', 'password', 'password_confirm']);
    const weak = await call('POST', '/api/organisation/invitations/accept/', undefined, {
      token, first_name: 'Amna', last_name: 'Riaz', password: '12345678', password_confirm: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'theatre.nurse@mayo.example'))).toEqual([]);

    const accepted = await call('POST', '/api/organisation/invitations/accept/', undefined, {
      token, first_name: 'Amna', last_name: 'Riaz', password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ organisation: 'Mayo Hospital', role: 'buyer', session: { user: { email: 'theatre.nurse@mayo.example' } } });
    const headers = bearer(accepted.json().session.token);
    expect((await members(headers)).members.find((member) => member.is_you)).toMatchObject({ id: invited.id, name: 'Amna Riaz', status: 'active' });
    // The link is used up.
    expect((await call('POST', '/api/organisation/invitations/accept/', undefined, { token })).statusCode).toBe(400);
    expect((await call('POST', '/api/organisation/invitations/look-up/', undefined, { token })).json().valid).toBe(false);
  });

  it("lets an existing account join by the link alone, and shows only its email, not its name, until it has", async () => {
    const doctor = await createTestUser(t.database.db, { email: 'dr.khan@example.com' });
    await t.database.db.update(users).set({ firstName: 'Imran', lastName: 'Qadir' }).where(eq(users.id, doctor.user.id));
    expect((await call('GET', '/api/organisations/mine/', doctor.headers)).statusCode).toBe(403);
    await call('POST', '/api/organisation/members/', admin, { email: 'dr.khan@example.com', role: 'approver' });
    const waiting = (await members(admin)).members.find((member) => member.email === 'dr.khan@example.com')!;
    expect(waiting).toMatchObject({ name: '', status: 'invited', role: 'approver' });
    expect(JSON.stringify(await members(admin))).not.toContain('Qadir');

    const token = tokenMailedTo('dr.khan@example.com');
    expect((await call('POST', '/api/organisation/invitations/look-up/', undefined, { token })).json())
      .toMatchObject({ needs_account: false, member_elsewhere: false });
    const accepted = await call('POST', '/api/organisation/invitations/accept/', undefined, { token });
    expect(accepted.json()).toEqual({ organisation: 'Mayo Hospital', role: 'approver', session: null });
    expect((await members(admin)).members.find((member) => member.email === 'dr.khan@example.com')).toMatchObject({ name: 'Imran Qadir', status: 'active' });
    const mine = await call('GET', '/api/organisations/mine/', doctor.headers);
    expect(mine.json().organisation).toMatchObject({ name: 'Mayo Hospital', can_pay_by_invoice: true, credit_limit: '5000.00' });
  });

  it('refuses staff, members and members of another organisation, per field and with a key', async () => {
    await createTestUser(t.database.db, { email: 'clerk@sialkotsurgical.example', staffRole: 'sales' });
    const cases = [
      ['clerk@sialkotsurgical.example', 'member_elsewhere'],
      ['buyer@mayo.example', 'already_member'],
      ['admin@services.example', 'member_elsewhere'],
    ] as const;
    for (const [email, key] of cases) {
      const response = await call('POST', '/api/organisation/members/', admin, { email, role: 'buyer' });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues.email).toEqual([{ key }]);
    }
  });

  it("is only for a verified organisation's admins: a business still under review invites nobody", async () => {
    const pending = await createBusinessBuyer(t.database.db, { email: 'admin@new-clinic.example', hospitalName: 'New Clinic', status: 'pending' });
    const mails = (await t.database.db.select().from(mailOutbox)).length;
    const refused = await call('POST', '/api/organisation/members/', pending.headers, { email: 'nurse@new-clinic.example', role: 'buyer' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_VERIFIED', detail: 'Your organisation can invite members once the shop has verified it.' });
    expect((await members(pending.headers)).members.map((member) => member.email)).toEqual(['admin@new-clinic.example']);
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(mails);
  });

  it("keeps the inviter's own words (their name, the organisation's) out of the mail's subject", async () => {
    const odd = await createBusinessBuyer(t.database.db, {
      email: 'admin@odd.example', hospitalName: 'URGENT: your account is locked, call +92 300 0000000', status: 'verified',
    });
    await t.database.db.update(users).set({ firstName: 'Verify', lastName: 'at evil.example' }).where(eq(users.email, 'admin@odd.example'));
    expect((await call('POST', '/api/organisation/members/', odd.headers, { email: 'target@example.com', role: 'buyer' })).statusCode).toBe(201);
    const mail = t.mailer.lastTo('target@example.com')!;
    expect(mail.subject).toBe('Sialkot Surgical: You are invited to buy for an organisation');
    expect(mail.text).toContain('URGENT: your account is locked');
  });
});

describe('declining', () => {
  it('lets a new address turn the invitation down from the link, after which the organisation may invite it again', async () => {
    await call('POST', '/api/organisation/members/', admin, { email: 'locum@mayo.example', role: 'buyer' });
    const token = tokenMailedTo('locum@mayo.example');
    const declined = await call('POST', '/api/organisation/invitations/decline/', undefined, { token });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ organisation: 'Mayo Hospital' });
    expect((await members(admin)).members.map((member) => member.email)).not.toContain('locum@mayo.example');
    expect((await call('POST', '/api/organisation/invitations/look-up/', undefined, { token })).json().valid).toBe(false);
    expect((await call('POST', '/api/organisation/invitations/accept/', undefined, {
      token, first_name: 'A', last_name: 'B', password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD,
    })).statusCode).toBe(400);
    expect((await call('POST', '/api/organisation/invitations/decline/', undefined, { token })).statusCode).toBe(400);

    expect((await call('POST', '/api/organisation/members/', admin, { email: 'locum@mayo.example', role: 'finance' })).statusCode).toBe(201);
    const again = tokenMailedTo('locum@mayo.example');
    expect(again).not.toBe(token);
    expect((await call('POST', '/api/organisation/invitations/look-up/', undefined, { token: again })).json()).toMatchObject({ valid: true, role: 'finance' });
  });

  it('lets an existing account decline too, and leaves it as it was', async () => {
    await createTestUser(t.database.db, { email: 'dr.iqbal@example.com' });
    await call('POST', '/api/organisation/members/', admin, { email: 'dr.iqbal@example.com', role: 'buyer' });
    expect((await call('POST', '/api/organisation/invitations/decline/', undefined, { token: tokenMailedTo('dr.iqbal@example.com') })).statusCode).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'dr.iqbal@example.com'));
    expect(account.accountType).toBe('individual');
    expect((await members(admin)).members.map((member) => member.email)).not.toContain('dr.iqbal@example.com');
  });

  it('leaves an invited address free to register, and to be invited by another organisation, whose invitation it may then only decline', async () => {
    await call('POST', '/api/organisation/members/', admin, { email: 'sister.anne@example.com', role: 'buyer' });
    const mayoLink = tokenMailedTo('sister.anne@example.com');
    await call('POST', '/api/organisation/members/', otherAdmin, { email: 'sister.anne@example.com', role: 'buyer' });
    const servicesLink = tokenMailedTo('sister.anne@example.com');
    const registered = await call('POST', '/api/auth/register/', undefined, {
      email: 'sister.anne@example.com', first_name: 'Anne', last_name: 'Joseph', password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD,
      account_type: 'individual', profile: { phone: '+92 300 1234567', specialty: 'general' },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    expect((await call('POST', '/api/organisation/invitations/accept/', undefined, { token: mayoLink })).json())
      .toEqual({ organisation: 'Mayo Hospital', role: 'buyer', session: null });
    expect((await call('POST', '/api/organisation/invitations/look-up/', undefined, { token: servicesLink })).json())
      .toMatchObject({ valid: true, needs_account: false, member_elsewhere: true });
    const refused = await call('POST', '/api/organisation/invitations/accept/', undefined, { token: servicesLink });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues.token).toEqual([{ key: 'member_elsewhere' }]);
    expect((await call('POST', '/api/organisation/invitations/decline/', undefined, { token: servicesLink })).json())
      .toEqual({ organisation: 'Services Hospital' });
  });
});

describe('invitation limits', () => {
  it('sends an address at most three invitations a day, writing and mailing nothing past them', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await call('POST', '/api/organisation/members/', otherAdmin, { email: 'pestered@example.com', role: 'buyer' })).statusCode).toBe(201);
    }
    const mails = (await t.database.db.select().from(mailOutbox)).length;
    const fourth = await call('POST', '/api/organisation/members/', otherAdmin, { email: 'Pestered@Example.com', role: 'finance' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(mails);
    expect((await members(otherAdmin)).members.find((member) => member.email === 'pestered@example.com')!.role).toBe('buyer');
  });

  it("holds an organisation to 25 invitations an hour, and counts no attempt by a member who may not invite", async () => {
    const clinic = await createBusinessBuyer(t.database.db, { email: 'admin@busy-clinic.example', hospitalName: 'Busy Clinic', status: 'verified' });
    const nurse = await addMember(t.database.db, clinic.organisation!.id, 'nurse@busy-clinic.example', 'buyer');
    for (let i = 0; i < 30; i += 1) {
      expect((await call('POST', '/api/organisation/members/', nurse.headers, { email: `x${i}@busy-clinic.example`, role: 'buyer' })).statusCode).toBe(403);
    }
    for (let i = 0; i < 25; i += 1) {
      const sent = await call('POST', '/api/organisation/members/', clinic.headers, { email: `staff${i}@busy-clinic.example`, role: 'buyer' });
      expect(sent.statusCode).toBe(201);
    }
    expect((await call('POST', '/api/organisation/members/', clinic.headers, { email: 'one.more@busy-clinic.example', role: 'buyer' })).statusCode).toBe(429);
    expect((await members(clinic.headers)).members).toHaveLength(27);
  });
});

describe('what members share', () => {
  it("gives every member the organisation's prices, and takes them away the moment a member is removed", async () => {
    const buyer = await join('buyer', 'scrub.nurse@mayo.example');
    expect(await priceFor(admin)).toBe('80.00');
    expect(await priceFor(buyer.headers)).toBe('80.00');
    expect((await call('DELETE', `/api/organisation/members/${buyer.memberId}/`, admin)).statusCode).toBe(200);
    // The same token, still valid, no longer acts for the organisation.
    expect(await priceFor(buyer.headers)).toBe('100.00');
    expect((await call('GET', '/api/organisation/members/', buyer.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/organisations/mine/', buyer.headers)).json().organisation).toBeNull();
  });

  it("lets every member buy on the organisation's verified licence, held by whichever member uploaded it", async () => {
    const gate = async (headers: Headers) => (await call('GET', '/api/licences/gate', headers)).json<{ can_buy_restricted: boolean; reason: string | null }>();
    expect(await gate(people.buyer!.headers)).toMatchObject({ can_buy_restricted: false, reason: 'no_licence' });
    const [founder] = await t.database.db.select().from(users).where(eq(users.email, 'admin@mayo.example'));
    await t.database.db.insert(licences).values({
      userId: founder.id, licenceType: 'drap_establishment', licenceNumber: 'DRAP-1', status: 'verified',
      expiresOn: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10),
      fileName: 'licence.pdf', storedName: 'mayo.pdf', contentType: 'application/pdf', sizeBytes: 100,
    });
    expect(await gate(people.buyer!.headers)).toMatchObject({ can_buy_restricted: true, reason: null });
    expect(await gate(otherAdmin)).toMatchObject({ can_buy_restricted: false, reason: 'no_licence' });
  });
});

describe('removing', () => {
  it('lets a member leave, keeps the last admin, and withdraws an invitation, whose link then stops working', async () => {
    const leaver = await join('finance', 'leaver@mayo.example');
    const left = await call('DELETE', `/api/organisation/members/${leaver.memberId}/`, leaver.headers);
    expect(left.statusCode).toBe(200);
    expect(left.json<MembersAnswer>().members.map((member) => member.email)).not.toContain('leaver@mayo.example');

    const adminId = (await members(admin)).members.find((member) => member.is_you)!.id;
    const last = await call('DELETE', `/api/organisation/members/${adminId}/`, admin);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_ADMIN');

    await call('POST', '/api/organisation/members/', admin, { email: 'typo@mayo.example', role: 'buyer' });
    const token = tokenMailedTo('typo@mayo.example');
    const invited = (await members(admin)).members.find((member) => member.email === 'typo@mayo.example')!;
    expect((await call('DELETE', `/api/organisation/members/${invited.id}/`, admin)).statusCode).toBe(200);
    expect((await call('POST', '/api/organisation/invitations/look-up/', undefined, { token })).json().valid).toBe(false);
    expect(await t.database.db.select().from(organisationMembers).where(eq(organisationMembers.id, invited.id))).toEqual([]);
  });
});
