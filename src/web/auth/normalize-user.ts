import type { ACCOUNT_TYPES, User } from '#contracts/auth';
import { staffRoles, type StaffRole } from '#contracts/staff-roles';

export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The signed-in person as the storefront uses them. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  accountType: AccountType;
  isVerified: boolean;
  isStaff: boolean;
  isSuperuser: boolean;
  /** Null for buyers. */
  staffRole: StaffRole | null;
  profile: Partial<User['profile']>;
  preferences: Partial<User['preferences']>;
}

type RawUser = Record<string, unknown>;

function pick(raw: RawUser, ...keys: string[]): unknown {
  for (const key of keys) if (raw[key] !== undefined && raw[key] !== null) return raw[key];
  return undefined;
}

function text(raw: RawUser, ...keys: string[]): string {
  const value = pick(raw, ...keys);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function flag(raw: RawUser, ...keys: string[]): boolean {
  return pick(raw, ...keys) === true;
}

function record(raw: RawUser, ...keys: string[]): Record<string, unknown> {
  const value = pick(raw, ...keys);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Reads a user sent in the server's snake_case, or in camelCase. */
export function normalizeUser(raw: object): CurrentUser {
  const user = raw as RawUser;
  return {
    id: text(user, 'id'),
    email: text(user, 'email'),
    firstName: text(user, 'first_name', 'firstName'),
    lastName: text(user, 'last_name', 'lastName'),
    accountType: text(user, 'account_type', 'accountType') === 'business' ? 'business' : 'individual',
    isVerified: flag(user, 'is_verified', 'isVerified'),
    isStaff: flag(user, 'is_staff', 'isStaff'),
    isSuperuser: flag(user, 'is_superuser', 'isSuperuser'),
    staffRole: staffRoleOf(pick(user, 'staff_role', 'staffRole')),
    profile: record(user, 'profile'),
    preferences: record(user, 'preferences'),
  };
}

function staffRoleOf(value: unknown): StaffRole | null {
  return staffRoles.find((role) => role === value) ?? null;
}
