import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { BodyOf } from '#contracts/define';
import {
  ALREADY_STAFF, CUSTOMER_EMAIL, resendStaffInvite, SELF_DEACTIVATION, updateStaffMember, type StaffMember,
} from '#contracts/staff-members';
import type { StaffRole } from '#contracts/staff-roles';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { staffInviteMail } from '../auth/auth-mail.ts';
import type { AuthDeps } from '../auth/auth.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { issueOneTimeToken, revokeOneTimeTokens } from '../auth/one-time-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllRefreshTokens } from '../auth/tokens.ts';
import type { UserRow } from '../auth/user-view.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';

export type StaffDeps = Pick<AuthDeps, 'db' | 'mailer' | 'log' | 'publicUrl'>;

export const LAST_OWNER = 'The shop needs at least one active owner: make another member owner first.';
export const ALREADY_ACCEPTED = 'This member has already accepted the invitation.';

const STAFF_LOCK = 7_270_736_903;

/**
 * Serialises changes to who is staff and who is owner, so that two owners demoting each other at once, or two
 * first-run setups, cannot both pass their checks (PostgreSQL; PGlite runs one transaction at a time anyway).
 */
export const lockStaff = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK})`);

const statusOf = (row: UserRow): StaffMember['status'] =>
  row.deactivatedAt ? 'deactivated' : row.isVerified ? 'active' : 'invited';

export const toStaffMember = (row: UserRow & { staffRole: StaffRole }): StaffMember => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  role: row.staffRole,
  status: statusOf(row),
  last_sign_in: row.lastLoginAt?.toISOString() ?? null,
  invited_at: row.createdAt.toISOString(),
});

/** What the audit trail keeps of a member before and after a change. */
const snapshot = (row: UserRow) => ({ email: row.email, role: row.staffRole, status: statusOf(row) });

const asStaff = (row: UserRow | undefined) => (row?.staffRole ? { ...row, staffRole: row.staffRole } : undefined);
export const actorOf = (user: UserRow): Actor => ({ id: user.id, email: user.email });

export async function listMembers(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(users).where(isNotNull(users.staffRole))
    .orderBy(sql`${users.staffRole} <> 'owner'`, asc(users.staffRole), asc(users.email));
  return rows.flatMap((row) => asStaff(row) ?? []).map(toStaffMember);
}

const inviterName = (owner: UserRow) => `${owner.firstName} ${owner.lastName}`.trim() || owner.email;

async function mailInvitation(deps: StaffDeps, tx: DbOrTx, member: UserRow & { staffRole: StaffRole }, owner: UserRow) {
  const token = await issueOneTimeToken(tx, member.id, 'staff_invite');
  await enqueueMail(tx, {
    kind: 'staff_invite', ...staffInviteMail(member, `${deps.publicUrl}/staff/invite?token=${token}`, member.staffRole, inviterName(owner)),
  });
}

/**
 * A new email becomes an unverified staff account whose password nobody knows (a hash of random bytes) until the
 * invitation is accepted; it speaks the inviting owner's language until the member chooses another.
 */
export async function inviteMember(deps: StaffDeps, owner: UserRow, body: { email: string; role: StaffRole }): Promise<StaffMember> {
  const refuse = (existing: UserRow) => badRequest({ email: [existing.staffRole ? ALREADY_STAFF : CUSTOMER_EMAIL] });
  const findByEmail = async () => (await deps.db.select().from(users).where(sql`lower(${users.email}) = ${body.email}`))[0];
  const existing = await findByEmail();
  if (existing) throw refuse(existing);

  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const invited = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({
      email: body.email, passwordHash, firstName: '', lastName: '', staffRole: body.role, language: owner.language,
    }).onConflictDoNothing().returning();
    const member = asStaff(row);
    if (!member) return undefined;
    await mailInvitation(deps, tx, member, owner);
    await recordAudit(tx, actorOf(owner), { action: 'staff.invite', entity: 'user', entityId: member.id, after: snapshot(member) });
    return { member };
  });
  // Two invitations of one address racing past the check above: the unique index decides.
  if (!invited) throw refuse((await findByEmail())!);
  return toStaffMember(invited.member);
}

async function findMember(db: DbOrTx, id: string) {
  const member = asStaff((await db.select().from(users).where(eq(users.id, id)))[0]);
  if (!member) throw notFound('Unknown staff member.');
  return member;
}

/** Whether `member` is the only active owner. */
async function isLastOwner(tx: Tx, member: UserRow): Promise<boolean> {
  if (member.staffRole !== 'owner' || member.deactivatedAt) return false;
  const [{ others }] = await tx.select({ others: count() }).from(users)
    .where(and(eq(users.staffRole, 'owner'), isNull(users.deactivatedAt), ne(users.id, member.id)));
  return others === 0;
}

const lastOwner = () => apiError(updateStaffMember, 'LAST_OWNER', 409, LAST_OWNER);

/** A role change and a (de)activation, each audited; ending an account's access also ends its sessions. */
export async function updateMember(
  db: Db, owner: UserRow, id: string, body: BodyOf<typeof updateStaffMember>,
): Promise<StaffMember> {
  const actor = actorOf(owner);
  return db.transaction(async (tx) => {
    await lockStaff(tx);
    let member = await findMember(tx, id);
    const now = new Date();

    if (body.role !== undefined && body.role !== member.staffRole) {
      if (body.role !== 'owner' && await isLastOwner(tx, member)) throw lastOwner();
      const before = snapshot(member);
      // A superuser is an owner by definition (ADMIN_EMAIL makes them one again at the next start).
      const [row] = await tx.update(users).set({
        staffRole: body.role, isSuperuser: body.role === 'owner' && member.isSuperuser, updatedAt: now,
      }).where(eq(users.id, id)).returning();
      member = { ...row, staffRole: body.role };
      await recordAudit(tx, actor, { action: 'staff.role', entity: 'user', entityId: id, before, after: snapshot(member) });
    }

    if (body.active !== undefined && body.active === Boolean(member.deactivatedAt)) {
      if (!body.active) {
        if (await isLastOwner(tx, member)) throw lastOwner();
        if (member.id === owner.id) throw badRequest({ active: [SELF_DEACTIVATION] });
      }
      const before = snapshot(member);
      const [row] = await tx.update(users).set({ deactivatedAt: body.active ? null : now, updatedAt: now })
        .where(eq(users.id, id)).returning();
      if (!body.active) await revokeAllRefreshTokens(tx, id, now);
      member = { ...row, staffRole: member.staffRole };
      await recordAudit(tx, actor, {
        action: body.active ? 'staff.reactivate' : 'staff.deactivate', entity: 'user', entityId: id, before, after: snapshot(member),
      });
    }
    return toStaffMember(member);
  });
}

/** A new link for a member who has not accepted yet; every link mailed before stops working. */
export async function resendInvite(deps: StaffDeps, owner: UserRow, id: string): Promise<StaffMember> {
  const member = await deps.db.transaction(async (tx) => {
    const member = await findMember(tx, id);
    if (statusOf(member) !== 'invited') {
      throw member.isVerified
        ? apiError(resendStaffInvite, 'ALREADY_ACCEPTED', 409, ALREADY_ACCEPTED)
        : apiError(resendStaffInvite, 'MEMBER_DEACTIVATED', 409, 'Reactivate this member first.');
    }
    await revokeOneTimeTokens(tx, id, 'staff_invite');
    await mailInvitation(deps, tx, member, owner);
    await recordAudit(tx, actorOf(owner), { action: 'staff.invite', entity: 'user', entityId: id, after: snapshot(member) });
    return member;
  });
  return toStaffMember(member);
}
