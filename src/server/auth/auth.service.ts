import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as contracts from '#contracts/auth';
import { isValidPhone, PASSWORDS_DIFFER } from '#contracts/auth';
import type { BodyOf } from '#contracts/define';
import { message, REQUIRED } from '#contracts/issues';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { apiError, badRequest, HttpError, type FieldErrors } from '../lib/errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetMail, verificationMail } from './auth-mail.ts';
import { consumeOneTimeToken, issueOneTimeToken, peekOneTimeToken } from './one-time-tokens.ts';
import { passwordProblems } from './password-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  issueRefreshToken, revokeAccessTokens, revokeAllRefreshTokens, revokeRefreshToken, rotateRefreshToken, type AccessTokens,
} from './tokens.ts';
import type { UserRow } from './user-view.ts';
import { syncOrganisation } from '../organisations/organisation.service.ts';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  accessTokens: AccessTokens;
  /** The shop's address without a trailing slash; links in mail start with it. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface Session {
  token: string;
  refreshToken: string;
  user: UserRow;
}

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const EMAIL_TAKEN = message('email_taken', 'A user with this email already exists.');
const INVALID_PHONE_NUMBER = message('invalid_phone', 'Enter a valid phone number.');
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';
export const INVALID_VERIFICATION_TOKEN = 'Invalid or expired verification token';
export const INVALID_REFRESH_TOKEN = 'Token is invalid or expired';
export const RESET_REQUESTED = 'If an account exists for this email, we have sent a link to reset the password.';

class FieldErrorList {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

const findByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

const findById = async (db: Db, id: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)))[0];


async function sendVerification(deps: AuthDeps, user: UserRow): Promise<void> {
  // The token and its mail are written together; the outbox sends it after the answer, so a slow or failing mail
  // server neither delays nor changes what the client sees.
  await deps.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, user.id, 'verify_email');
    await enqueueMail(tx, { kind: 'verification', ...verificationMail(user, `${deps.publicUrl}/verify-email?token=${token}`) });
  });
}

/** Signs the user in: a new refresh token family, and an access token that lives only as long as that session. */
export async function startSession(
  deps: Pick<AuthDeps, 'db' | 'accessTokens'>, user: UserRow, userAgent: string | undefined, options: { familyId?: string } = {},
): Promise<Session> {
  const { token: refreshToken, familyId } = await issueRefreshToken(deps.db, user.id, userAgent, new Date(), options.familyId);
  const token = await deps.accessTokens.sign(user.id, user.tokenVersion, { session: familyId });
  return { token, refreshToken, user };
}

function checkProfile(
  list: FieldErrorList,
  profile: { phone?: string; specialty?: string },
): void {
  if (profile.phone && !isValidPhone(profile.phone)) list.add('profile.phone', INVALID_PHONE_NUMBER);
  if (profile.specialty && !(contracts.SPECIALTIES as readonly string[]).includes(profile.specialty)) {
    list.add('profile.specialty', 'Choose cardiology, neurosurgery, orthopedics, general or other.');
  }
}

/** A specialty belongs to individual accounts, a hospital and its licence to business accounts. */
function checkAccountTypeFields(
  list: FieldErrorList,
  accountType: UserRow['accountType'],
  profile: { specialty?: string; hospital_name?: string; license_number?: string },
): void {
  if (accountType === 'business') {
    if (profile.specialty) list.add('profile.specialty', 'Only individual accounts have a specialty.');
    return;
  }
  if (profile.hospital_name) list.add('profile.hospital_name', 'Only business accounts have a hospital name.');
  if (profile.license_number) list.add('profile.license_number', 'Only business accounts have a licence number.');
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Every problem with a registration at once, in one 400: the body's own checks (email, names, lengths) and the
 * password rules, the profile's required fields and the email's uniqueness, on whichever fields can be read. The route
 * lets a body that fails its schema through (attachValidation) so that a bad email does not hide a weak password.
 */
async function checkedRegistration(db: Db, raw: unknown): Promise<BodyOf<typeof contracts.register>> {
  const list = new FieldErrorList();
  const parsed = contracts.registerBody.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) list.add(issue.path.join('.') || 'non_field_errors', issue.message);
  const sent = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const password = textOf(sent.password);
  const email = textOf(sent.email).trim().toLowerCase();
  if (password) for (const problem of passwordProblems(password, email)) list.add('password', problem);
  if (password !== textOf(sent.password_confirm) && !list.errors.password_confirm) list.add('password_confirm', PASSWORDS_DIFFER);
  const profile = (typeof sent.profile === 'object' && sent.profile !== null ? sent.profile : {}) as Record<string, unknown>;
  const required = sent.account_type === 'business' ? ['hospital_name', 'license_number'] : ['phone', 'specialty'];
  for (const field of required) if (!textOf(profile[field]).trim() && !list.errors[`profile.${field}`]) list.add(`profile.${field}`, REQUIRED);
  checkProfile(list, { phone: textOf(profile.phone).trim(), specialty: textOf(profile.specialty).trim() });
  if (parsed.success && await findByEmail(db, parsed.data.email)) list.add('email', EMAIL_TAKEN);
  if (!parsed.success || !list.empty) throw badRequest(list.errors);
  return parsed.data;
}

export async function register(deps: AuthDeps, raw: unknown, userAgent?: string): Promise<Session> {
  const body = await checkedRegistration(deps.db, raw);
  const { profile } = body;

  const individual = body.account_type === 'individual';
  const [user] = await deps.db.insert(users).values({
    email: body.email,
    passwordHash: await hashPassword(body.password),
    firstName: body.first_name,
    lastName: body.last_name,
    accountType: body.account_type,
    phone: profile.phone ?? '',
    specialty: individual ? profile.specialty ?? '' : '',
    hospitalName: individual ? '' : profile.hospital_name ?? '',
    licenseNumber: individual ? '' : profile.license_number ?? '',
  }).onConflictDoNothing().returning();
  // Two registrations of one address racing past the check above: the unique index decides.
  if (!user) throw badRequest({ email: [EMAIL_TAKEN] });
  await syncOrganisation(deps.db, user);

  await sendVerification(deps, user);
  return startSession(deps, user, userAgent);
}

let dummyHash: Promise<string> | undefined;

export async function login(deps: AuthDeps, body: BodyOf<typeof contracts.login>, userAgent?: string): Promise<Session> {
  const user = await findByEmail(deps.db, body.email);
  // An unknown email costs the same argon2 verification as a known one, so timing does not tell them apart.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const valid = await verifyPassword(user?.passwordHash ?? await dummyHash, body.password);
  if (!user || !valid || user.deactivatedAt) throw new HttpError(401, INVALID_CREDENTIALS, { non_field_errors: [INVALID_CREDENTIALS] });
  // The account knows its own type: the sign-in page's tab (account_type) does not decide who may sign in.
  const [signedIn] = await deps.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  return startSession(deps, signedIn, userAgent);
}

export async function refresh(deps: AuthDeps, presented: string): Promise<{ access: string; refresh: string }> {
  const rotated = await rotateRefreshToken(deps.db, presented);
  if (!rotated) throw apiError(contracts.refresh, 'TOKEN_NOT_VALID', 401, INVALID_REFRESH_TOKEN);
  const [user] = await deps.db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, rotated.userId));
  return { access: await deps.accessTokens.sign(rotated.userId, user.tokenVersion, { session: rotated.familyId }), refresh: rotated.refresh };
}

export async function logout(deps: AuthDeps, presented: string | undefined): Promise<void> {
  const userId = presented ? await revokeRefreshToken(deps.db, presented) : null;
  if (userId) await revokeAccessTokens(deps.db, userId);
}

export async function updateProfile(
  deps: AuthDeps,
  user: UserRow,
  body: BodyOf<typeof contracts.updateProfile>,
): Promise<UserRow> {
  const list = new FieldErrorList();
  const profile = body.profile ?? {};
  checkProfile(list, profile);
  checkAccountTypeFields(list, user.accountType, profile);
  if (!list.empty) throw badRequest(list.errors);
  const preferences = body.preferences ?? {};
  const [updated] = await deps.db.update(users).set({
    firstName: body.first_name,
    lastName: body.last_name,
    phone: profile.phone,
    specialty: profile.specialty,
    hospitalName: profile.hospital_name,
    licenseNumber: profile.license_number,
    address: profile.address,
    language: preferences.language,
    currency: preferences.currency,
    notifications: preferences.notifications ? { ...user.notifications, ...preferences.notifications } : undefined,
    updatedAt: new Date(),
  }).where(eq(users.id, user.id)).returning();
  await syncOrganisation(deps.db, updated);
  return updated;
}

export async function verifyEmail(deps: AuthDeps, token: string): Promise<UserRow> {
  const userId = await consumeOneTimeToken(deps.db, 'verify_email', token);
  if (!userId) throw new HttpError(400, INVALID_VERIFICATION_TOKEN);
  const [user] = await deps.db.update(users).set({ isVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId)).returning();
  return user;
}

export async function resendVerification(deps: AuthDeps, user: UserRow): Promise<string> {
  if (user.isVerified) return 'Your email address is already verified.';
  await sendVerification(deps, user);
  return 'Verification email sent. Please check your inbox.';
}

export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<string> {
  const user = await findByEmail(deps.db, email);
  if (user) {
    await deps.db.transaction(async (tx) => {
      const token = await issueOneTimeToken(tx, user.id, 'reset_password');
      await enqueueMail(tx, { kind: 'password_reset', ...passwordResetMail(user, `${deps.publicUrl}/reset-password?token=${token}`) });
    });
  }
  return RESET_REQUESTED;
}

export async function confirmPasswordReset(
  deps: AuthDeps,
  body: BodyOf<typeof contracts.confirmPasswordReset>,
): Promise<string> {
  const list = new FieldErrorList();
  const userId = await peekOneTimeToken(deps.db, 'reset_password', body.token);
  const user = userId ? await findById(deps.db, userId) : undefined;
  if (!user) list.add('token', INVALID_RESET_TOKEN);
  for (const problem of passwordProblems(body.password, user?.email ?? '')) list.add('password', problem);
  if (body.password !== body.password_confirm) list.add('password_confirm', PASSWORDS_DIFFER);
  if (!user || !list.empty) throw badRequest(list.errors, user ? 'Validation failed' : INVALID_RESET_TOKEN);

  const passwordHash = await hashPassword(body.password);
  // Checked above without using it up, so a rejected password leaves the link working; used up only now.
  if (await consumeOneTimeToken(deps.db, 'reset_password', body.token) !== user.id) {
    throw badRequest({ token: [INVALID_RESET_TOKEN] }, INVALID_RESET_TOKEN);
  }
  // Whoever opened the mailed link controls the address, so the email is verified as well.
  await deps.db.update(users).set({ passwordHash, isVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeAllRefreshTokens(deps.db, user.id);
  await revokeAccessTokens(deps.db, user.id);
  return 'Your password has been reset. You can now sign in with your new password.';
}
