import { isNotNull, sql } from 'drizzle-orm';
import type { BodyOf } from '#contracts/define';
import { setupShop } from '#contracts/staff-members';
import { recordAudit } from '../audit/audit.ts';
import { EMAIL_TAKEN, startSession, type AuthDeps, type Session } from '../auth/auth.service.ts';
import { newPasswordErrors } from '../auth/password-rules.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { actorOf, lockStaff } from './staff-members.service.ts';

export const ALREADY_SET_UP = 'This shop is already set up: sign in instead.';

/** The shop needs its first owner while no staff account exists at all. */
export async function setupNeeded(db: DbOrTx): Promise<boolean> {
  const [staff] = await db.select({ id: users.id }).from(users).where(isNotNull(users.staffRole)).limit(1);
  return !staff;
}

/** Creates the first owner, verified, and signs them in; only while no staff exists, whatever runs at the same time. */
export async function setUpShop(deps: Pick<AuthDeps, 'db' | 'accessTokens'>, body: BodyOf<typeof setupShop>, userAgent?: string): Promise<Session> {
  const alreadySetUp = () => apiError(setupShop, 'ALREADY_SET_UP', 409, ALREADY_SET_UP);
  if (!await setupNeeded(deps.db)) throw alreadySetUp();
  const problems = newPasswordErrors(body.password, body.password_confirm, body.email);
  if (Object.keys(problems).length > 0) throw badRequest(problems);

  const passwordHash = await hashPassword(body.password);
  const owner = await deps.db.transaction(async (tx) => {
    await lockStaff(tx);
    if (!await setupNeeded(tx)) throw alreadySetUp();
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${body.email}`);
    if (taken) throw badRequest({ email: [EMAIL_TAKEN] });
    const [row] = await tx.insert(users).values({
      email: body.email, passwordHash, firstName: body.first_name, lastName: body.last_name,
      isVerified: true, staffRole: 'owner', lastLoginAt: new Date(),
    }).returning();
    await recordAudit(tx, actorOf(row), { action: 'staff.setup', entity: 'user', entityId: row.id, after: { email: row.email, role: 'owner' } });
    return row;
  });
  return startSession(deps, owner, userAgent);
}
