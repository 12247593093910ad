import { describe, expect, it } from 'vitest';
import { normalizeUser } from './normalize-user.ts';

describe('normalizeUser', () => {
  it("reads the server's snake_case", () => {
    const user = normalizeUser({
      id: 'u1',
      email: 'amna@example.com',
      first_name: 'Amna',
      last_name: 'Khan',
      account_type: 'business',
      is_verified: true,
      is_staff: true,
      is_superuser: true,
      staff_role: 'owner',
      profile: { hospital_name: 'Mayo Hospital' },
      preferences: { language: 'en' },
    });
    expect(user).toEqual({
      id: 'u1',
      email: 'amna@example.com',
      firstName: 'Amna',
      lastName: 'Khan',
      accountType: 'business',
      isVerified: true,
      isStaff: true,
      isSuperuser: true,
      staffRole: 'owner',
      profile: { hospital_name: 'Mayo Hospital' },
      preferences: { language: 'en' },
    });
  });

  it('reads camelCase too and fills what is missing', () => {
    const user = normalizeUser({ id: 7, email: 'ali@example.com', firstName: 'Ali', lastName: 'Raza', accountType: 'individual', isVerified: true, isStaff: true, staffRole: 'catalogue' });
    expect(user).toMatchObject({ id: '7', firstName: 'Ali', lastName: 'Raza', accountType: 'individual', isVerified: true, isStaff: true, staffRole: 'catalogue', isSuperuser: false, profile: {} });
    expect(normalizeUser({ id: 8, staff_role: 'janitor' }).staffRole).toBeNull();
  });
});
