import type { User } from '#contracts/auth';
import type { users } from '../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/** The user as the API sends it: snake_case, and never the password hash. */
export function toUserView(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    account_type: row.accountType,
    is_verified: row.isVerified,
    is_staff: row.staffRole !== null,
    is_superuser: row.isSuperuser,
    staff_role: row.staffRole,
    profile: {
      phone: row.phone,
      specialty: row.specialty,
      hospital_name: row.hospitalName,
      license_number: row.licenseNumber,
      address: row.address,
    },
    preferences: { language: row.language, currency: row.currency, notifications: row.notifications },
    date_joined: row.createdAt.toISOString(),
  };
}
