import type { TFunction } from 'i18next';
import { z } from 'zod';
import { registerBody, SPECIALTIES, type RegisterBody } from '#contracts/auth';
import { REQUIRED } from '#contracts/issues';
import { newPassword, repeated, report, validPhone } from './account-rules.ts';
import type { AccountType } from './normalize-user.ts';

export function specialtyOptions(t: TFunction<'auth'>) {
  return SPECIALTIES.map((value) => ({ value, label: t(value) }));
}

/** The profile fields each account type fills in; the other type's are neither asked for nor sent. */
const PROFILE_FIELDS = {
  individual: ['phone', 'specialty'],
  business: ['hospital_name', 'license_number'],
} as const satisfies Record<AccountType, ReadonlyArray<keyof NonNullable<RegisterBody['profile']>>>;

/** The fields the form shows for an account type, named as the server names them in its problems. */
export const fieldsOf = (accountType: AccountType): ReadonlySet<string> =>
  new Set(['first_name', 'last_name', 'email', ...PROFILE_FIELDS[accountType].map((field) => `profile.${field}`), 'password', 'password_confirm', 'agreeToTerms']);

type RegisterValues = z.output<typeof registerBody>;

/** The account type's own profile fields are required (and a phone number must be one); the other type's are left alone. */
const profileOfType = (payload: z.core.ParsePayload<RegisterValues>) => {
  const { account_type: accountType, profile } = payload.value;
  for (const field of PROFILE_FIELDS[accountType]) {
    if (!profile[field]) report(payload, ['profile', field], REQUIRED);
  }
  if (accountType === 'individual') validPhone(payload);
};

/**
 * The registration as the form holds it: the contract's body with the terms to agree to, and the rules the server
 * adds to it (its account type's profile fields, a real phone number, a long enough password typed twice alike).
 * What it yields is the body to send.
 */
export const registerForm = registerBody
  .extend({ password: newPassword(registerBody.shape.password), agreeToTerms: z.boolean().refine(Boolean) })
  .check(profileOfType, repeated('password', 'password_confirm'))
  .transform(({ agreeToTerms: _agreed, profile, ...body }): RegisterBody => ({
    ...body,
    profile: Object.fromEntries(PROFILE_FIELDS[body.account_type].map((field) => [field, profile[field]])),
  }));
