import { eq } from 'drizzle-orm';
import type { BodyOf } from '#contracts/define';
import type { changePassword as changePasswordContract } from '#contracts/profile';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { PASSWORDS_DIFFER } from '#contracts/auth';
import { message } from '#contracts/issues';
import { passwordProblems } from '../auth/password-rules.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { UserRow } from '../auth/user-view.ts';
import { badRequest, type FieldErrors } from '../lib/errors.ts';
import { familyOf, revokeOtherSessions } from './sessions.service.ts';

export const WRONG_CURRENT_PASSWORD = message('current_password_wrong', 'Your current password is incorrect.');
export const SAME_PASSWORD = message('password_unchanged', 'The new password must differ from the current one.');
export const PASSWORD_CHANGED = 'Your password has been changed. Other sessions have been signed out.';

/**
 * Changes the password and signs out every other session, whose access tokens stop at once (they name their
 * session). The session asking goes on: the one its access token names, else the one of the refresh token it sent.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  body: BodyOf<typeof changePasswordContract>,
  current: { sessionId: string | null | undefined; refreshToken: string | undefined },
): Promise<string> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!await verifyPassword(user.passwordHash, body.current_password)) add('current_password', WRONG_CURRENT_PASSWORD);
  for (const problem of passwordProblems(body.new_password, user.email)) add('new_password', problem);
  if (body.new_password === body.current_password) add('new_password', SAME_PASSWORD);
  if (body.new_password !== body.new_password_confirm) add('new_password_confirm', PASSWORDS_DIFFER);
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  await db.update(users).set({ passwordHash: await hashPassword(body.new_password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(db, user.id, current.sessionId ?? await familyOf(db, user.id, current.refreshToken));
  return PASSWORD_CHANGED;
}
