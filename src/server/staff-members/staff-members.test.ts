import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit.ts';
import { userTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { hashOpaqueToken } from '../auth/opaque-token.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t.database.db, { email: 'owner@shop.example', staffRole: 'owner' });
  await t.database.db.update(users).set({ firstName: 'Sana', lastName: 'Malik', language: 'ur' }).where(eq(users.id, owner.user.id));
});
afterAll(() => t.close());

const MEMBERS = '/api/staff/members/';
const invite = (payload: object, headers = owner.headers) => t.app.inject({ method: 'POST', url: MEMBERS, headers, payload });
const update = (id: string, payload: object, headers = owner.headers) =>
  t.app.inject({ method: 'PATCH', url: `${MEMBERS}${id}/`, headers, payload });
const resend = (id: string) => t.app.inject({ method: 'POST', url: `${MEMBERS}${id}/invite/`, headers: owner.headers });
const auditOf = (id: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id)))
  .orderBy(auditLog.id);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('POST /api/staff/members/ (invite)', () => {
  it('creates an unverified staff account in the role, mails a 72-hour link and records it', async () => {
    const res = await invite({ email: 'Imran@Shop.example', role: 'catalogue' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const member = res.json();
    expect(member).toMatchObject({ email: 'imran@shop.example', role: 'catalogue', status: 'invited', first_name: '', last_sign_in: null });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ isVerified: false, staffRole: 'catalogue', language: 'ur' });
    // Nobody can sign in before accepting: the stored hash is of a password no one was told.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/', remoteAddress: nextIp(), payload: { email: 'imran@shop.example', password: GOOD_PASSWORD } });
    expect(login.statusCode).toBe(401);

    const mail = t.mailer.lastTo('imran@shop.example')!;
    expect(mail.link).toMatch(/^http:\/\/shop\.test\/staff\/invite\?token=/);
    // Urdu text isolates each value (FSI … PDI).
    expect(mail.subject.replace(/[\u2068\u2069]/g, '')).toBe('سیالکوٹ سرجیکل: سیالکوٹ سرجیکل کا کیٹلاگ چلانے کی دعوت');
    expect(mail.text).toContain('Sana Malik');
    const [token] = await t.database.db.select().from(userTokens).where(eq(userTokens.tokenHash, hashOpaqueToken(tokenOf(mail.link!))));
    expect(token.purpose).toBe('staff_invite');
    const hours = (token.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    expect(await auditOf(member.id)).toMatchObject([{
      action: 'staff.invite', actorId: owner.user.id, actorEmail: 'owner@shop.example', before: null,
      after: { email: 'imran@shop.example', role: 'catalogue', status: 'invited' },
    }]);
  });

  it('mails in English with the area the role runs', async () => {
    const english = await createTestUser(t.database.db, { email: 'owner2@shop.example', staffRole: 'owner' });
    expect((await invite({ email: 'dispatch@shop.example', role: 'fulfilment' }, english.headers)).statusCode).toBe(201);
    const mail = t.mailer.lastTo('dispatch@shop.example')!;
    expect(mail.subject).toBe("Sialkot Surgical: You're invited to run Sialkot Surgical's orders and stock");
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.text).toContain('This link is valid for 72 hours and can be used once.');
  });

  it('refuses the email of a customer account and leaves it a customer', async () => {
    const buyer = await createTestUser(t.database.db, { email: 'buyer@hospital.example' });
    const mails = t.mailer.sent.length;
    const res = await invite({ email: 'BUYER@hospital.example', role: 'sales' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['This email belongs to a customer account.'] });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(row.staffRole).toBeNull();
    expect(t.mailer.sent.length).toBe(mails);
  });

  it('refuses the email of a staff member', async () => {
    const res = await invite({ email: 'owner@shop.example', role: 'sales' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['This email already belongs to a staff member.'] });
  });

  it('refuses an unknown role and a bad email, field by field, writing nothing', async () => {
    const res = await invite({ email: 'not-an-email', role: 'manager' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: ['Enter a valid email address.'], role: ['Choose owner, catalogue, fulfilment, sales or support.'],
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'not-an-email'))).toEqual([]);
  });

  it('is for the owner only', async () => {
    const catalogue = await createTestUser(t.database.db, { email: 'cat@shop.example', staffRole: 'catalogue' });
    const buyer = await createTestUser(t.database.db, { email: 'someone@hospital.example' });
    expect((await invite({ email: 'x@shop.example', role: 'sales' }, catalogue.headers)).statusCode).toBe(403);
    expect((await invite({ email: 'x@shop.example', role: 'sales' }, buyer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: MEMBERS, payload: { email: 'x@shop.example', role: 'sales' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: MEMBERS, headers: catalogue.headers })).statusCode).toBe(403);
    expect((await update(owner.user.id, { role: 'sales' }, catalogue.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/staff/members/', () => {
  it('lists staff only, owners first, with status and last sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: MEMBERS, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const members = res.json().members as { email: string; role: string; status: string }[];
    expect(members.map((m) => m.email)).not.toContain('buyer@hospital.example');
    expect(members[0].role).toBe('owner');
    expect(members.find((m) => m.email === 'imran@shop.example')).toMatchObject({ status: 'invited', role: 'catalogue' });
    expect(members.find((m) => m.email === 'owner@shop.example')).toMatchObject({ status: 'active', first_name: 'Sana' });
  });
});

describe('POST /api/staff/members/{id}/invite/ (resend)', () => {
  it('mails a new link and the earlier one stops working', async () => {
    const member = (await invite({ email: 'resend@shop.example', role: 'support' })).json();
    const first = tokenOf(t.mailer.lastTo('resend@shop.example')!.link!);
    const res = await resend(member.id);
    expect(res.statusCode).toBe(200);
    const second = tokenOf(t.mailer.lastTo('resend@shop.example')!.link!);
    expect(second).not.toBe(first);
    const status = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/staff/invite/?token=${token}` })).json();
    expect(await status(first)).toEqual({ valid: false, email: null });
    expect(await status(second)).toEqual({ valid: true, email: 'resend@shop.example' });
    expect((await auditOf(member.id)).map((entry) => entry.action)).toEqual(['staff.invite', 'staff.invite']);
  });

  it('refuses a member who already accepted', async () => {
    const res = await resend(owner.user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_ACCEPTED', detail: 'This member has already accepted the invitation.' });
  });

  it('answers 404 for an account that is not staff', async () => {
    const buyer = await createTestUser(t.database.db, { email: 'not-staff@hospital.example' });
    expect((await resend(buyer.user.id)).statusCode).toBe(404);
  });
});

describe('PATCH /api/staff/members/{id}/', () => {
  it('changes the role and records it', async () => {
    const member = await createTestUser(t.database.db, { email: 'role@shop.example', staffRole: 'support' });
    const res = await update(member.user.id, { role: 'sales' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'sales', status: 'active' });
    expect(await auditOf(member.user.id)).toMatchObject([{
      action: 'staff.role', before: { role: 'support' }, after: { role: 'sales' },
    }]);
    // The new role opens its routes at once, and the old one's are closed.
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/flash-sales/', headers: member.headers })).statusCode).toBe(403);
    await update(member.user.id, { role: 'catalogue' });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/flash-sales/', headers: member.headers })).statusCode).toBe(200);
  });

  it('deactivation ends the member\'s sessions at once; reactivation lets them sign in again', async () => {
    const member = await createTestUser(t.database.db, { email: 'leaver@shop.example', staffRole: 'fulfilment' });
    const signIn = () => t.app.inject({
      method: 'POST', url: '/api/auth/login/', remoteAddress: nextIp(), payload: { email: 'leaver@shop.example', password: GOOD_PASSWORD },
    });
    const session = (await signIn()).json();

    const res = await update(member.user.id, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('deactivated');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: { authorization: `Bearer ${session.token}` } })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(401);

    const back = await update(member.user.id, { active: true });
    expect(back.json().status).toBe('active');
    expect((await signIn()).statusCode).toBe(200);
    expect((await auditOf(member.user.id)).map((entry) => [entry.action, (entry.after as { status: string }).status])).toEqual([
      ['staff.deactivate', 'deactivated'], ['staff.reactivate', 'active'],
    ]);
  });

  it('an invited member deactivated cannot use the invitation link', async () => {
    const member = (await invite({ email: 'withdrawn@shop.example', role: 'sales' })).json();
    const token = tokenOf(t.mailer.lastTo('withdrawn@shop.example')!.link!);
    await update(member.id, { active: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/invite/?token=${token}` })).json()).toEqual({ valid: false, email: null });
    const refused = await resend(member.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MEMBER_DEACTIVATED');
  });

  it('refuses a body with neither role nor active, and a bad id', async () => {
    const empty = await update(owner.user.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ role: ['Send a role or active.'] });
    expect((await update('not-a-uuid', { role: 'sales' })).statusCode).toBe(400);
  });
});

describe('the last active owner', () => {
  let solo: TestApp;
  let only: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    solo = await createTestApp();
    only = await createTestUser(solo.database.db, { email: 'only@shop.example', staffRole: 'owner', isSuperuser: true });
  });
  afterAll(() => solo.close());
  const patch = (id: string, payload: object, headers = only.headers) =>
    solo.app.inject({ method: 'PATCH', url: `${MEMBERS}${id}/`, headers, payload });

  it('cannot lose the owner role nor be deactivated (409 LAST_OWNER), and nothing is recorded', async () => {
    const demote = await patch(only.user.id, { role: 'catalogue' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_OWNER' });
    const deactivate = await patch(only.user.id, { active: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toMatchObject({ code: 'LAST_OWNER' });
    const [row] = await solo.database.db.select().from(users).where(eq(users.id, only.user.id));
    expect(row).toMatchObject({ staffRole: 'owner', deactivatedAt: null });
    expect(await solo.database.db.select().from(auditLog)).toEqual([]);
  });

  it('with a second active owner, may step down; an owner still cannot deactivate themselves', async () => {
    const second = await createTestUser(solo.database.db, { email: 'second@shop.example', staffRole: 'owner' });
    const self = await patch(second.user.id, { active: false }, second.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({ active: ['You cannot deactivate your own account.'] });

    const stepDown = await patch(only.user.id, { role: 'catalogue' });
    expect(stepDown.statusCode).toBe(200);
    const [row] = await solo.database.db.select().from(users).where(eq(users.id, only.user.id));
    expect(row).toMatchObject({ staffRole: 'catalogue', isSuperuser: false });
    // Now the second owner is the last one.
    expect((await patch(second.user.id, { role: 'sales' }, second.headers)).json()).toMatchObject({ code: 'LAST_OWNER' });
  });

  it('a deactivated owner does not count as an active one', async () => {
    const third = await createTestUser(solo.database.db, { email: 'third@shop.example', staffRole: 'owner' });
    const [second] = await solo.database.db.select().from(users).where(eq(users.email, 'second@shop.example'));
    const secondHeaders = (await solo.app.inject({
      method: 'POST', url: '/api/auth/login/', remoteAddress: nextIp(), payload: { email: 'second@shop.example', password: GOOD_PASSWORD },
    })).json();
    const asSecond = { authorization: `Bearer ${secondHeaders.token}` };
    expect((await patch(third.user.id, { active: false }, asSecond)).statusCode).toBe(200);
    expect((await patch(second.id, { role: 'sales' }, asSecond)).json()).toMatchObject({ code: 'LAST_OWNER' });
  });
});
