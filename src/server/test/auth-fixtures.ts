import type { StaffRole } from '#contracts/staff-roles';
import type { RegisterBody } from '#contracts/auth';
import { createAccessTokens } from '../auth/tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { users } from '../db/schema/users.ts';
import type { Db } from '../db/client.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

export const GOOD_PASSWORD = 'Scalpel-Blade-22';

let lastIp = 0;
/** A fresh client address for app.inject's remoteAddress, so per-address rate limits stay out of unrelated tests. */
export const nextIp = (): string => `10.1.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

export const individualRegistration = (overrides: Partial<RegisterBody> = {}): RegisterBody => ({
  email: 'dr.ayesha@example.com',
  first_name: 'Ayesha',
  last_name: 'Khan',
  password: GOOD_PASSWORD,
  password_confirm: GOOD_PASSWORD,
  account_type: 'individual',
  profile: { phone: '+92 300 1234567', specialty: 'cardiology' },
  ...overrides,
});

export const businessRegistration = (overrides: Partial<RegisterBody> = {}): RegisterBody => ({
  email: 'procurement@mayo-hospital.example',
  first_name: 'Bilal',
  last_name: 'Ahmed',
  password: GOOD_PASSWORD,
  password_confirm: GOOD_PASSWORD,
  account_type: 'business',
  profile: { hospital_name: 'Mayo Hospital', license_number: 'PMC-55-1234' },
  ...overrides,
});

export interface TestUserOptions {
  email: string;
  password?: string;
  accountType?: 'individual' | 'business';
  isVerified?: boolean;
  staffRole?: StaffRole;
  isSuperuser?: boolean;
}

/** A user straight in the database, with a valid access token and the matching Authorization header. */
export async function createTestUser(db: Db, options: TestUserOptions) {
  const [user] = await db.insert(users).values({
    email: options.email,
    passwordHash: await hashPassword(options.password ?? GOOD_PASSWORD),
    firstName: 'Test',
    lastName: 'User',
    accountType: options.accountType ?? 'individual',
    isVerified: options.isVerified ?? true,
    staffRole: options.staffRole ?? (options.isSuperuser ? 'owner' : null),
    isSuperuser: options.isSuperuser ?? false,
  }).returning();
  const token = await createAccessTokens(TEST_JWT_SECRET).sign(user.id, user.tokenVersion);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
