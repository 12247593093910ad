import type { z } from 'zod';
import { isValidPhone, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '#contracts/auth';
import { INVALID_PHONE, REQUIRED } from '#contracts/issues';

/*
 * The account rules the server applies beyond the contracts' schemas, for the forms to check before sending, with
 * the server's own texts and rules from the auth contract, so a problem reads the same whoever finds it. The
 * server's other password rules (all digits, common, like the email) need its lists and stay with it.
 */

type Check<T> = (payload: z.core.ParsePayload<T>) => void;

/** Reports a problem on a field, letting the other checks go on, so that every field shows its problem at once. */
export function report(payload: z.core.ParsePayload<unknown>, path: string[], text: string) {
  payload.issues.push({ code: 'custom', message: text, path, input: payload.value, continue: true });
}

/** A contract's password field, held to the server's minimum length for a new password. */
export const newPassword = (password: z.ZodString) => password.min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT);

/** The confirmation must be filled in and repeat the password (once there is one to repeat). */
export function repeated<const P extends string, const C extends string>(password: P, confirmation: C): Check<Record<P | C, string>> {
  return (payload) => {
    const { [password]: first, [confirmation]: second } = payload.value;
    if (!second) report(payload, [confirmation], REQUIRED);
    else if (first && second !== first) report(payload, [confirmation], PASSWORDS_DIFFER);
  };
}

/** A phone number, where one is given, must be one. */
export const validPhone: Check<{ profile?: { phone?: string } }> = (payload) => {
  const phone = payload.value.profile?.phone;
  if (phone && !isValidPhone(phone)) report(payload, ['profile', 'phone'], INVALID_PHONE);
};
