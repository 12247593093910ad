import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '#contracts/auth';
import { message } from '#contracts/issues';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_NUMERIC = message('password_numeric', 'This password is entirely numeric.');
export const PASSWORD_COMMON = message('password_too_common', 'This password is too common.');
export const PASSWORD_LIKE_EMAIL = message('password_like_email', 'This password is too similar to the email address.');

/** What is wrong with a new password; empty when it is acceptable. */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_TOO_SHORT);
  if (/^\d+$/.test(password)) problems.push(PASSWORD_NUMERIC);
  else if (isCommon(password)) problems.push(PASSWORD_COMMON);
  if (isSimilarToEmail(password, email)) problems.push(PASSWORD_LIKE_EMAIL);
  return problems;
}

/** A new password and its confirmation, as a 400's field lists: empty when both are acceptable. */
export function newPasswordErrors(password: string, confirmation: string, email: string): Record<string, string[]> {
  const problems = passwordProblems(password, email);
  return {
    ...(problems.length > 0 ? { password: problems } : {}),
    ...(password !== confirmation ? { password_confirm: [PASSWORDS_DIFFER] } : {}),
  };
}

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  // "Sunshine2024!" is "sunshine" with the decorations people add when a site asks for digits or symbols.
  const base = lower.replace(/[\d\W_]+$/, '');
  return COMMON_PASSWORDS.has(lower) || (base.length >= 6 && COMMON_PASSWORDS.has(base));
}

/** Too similar: once punctuation is dropped, the password and the email (or a part of it) are mostly one run of letters. */
function isSimilarToEmail(password: string, email: string): boolean {
  const bare = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const candidate = bare(password);
  const local = email.toLowerCase().split('@')[0] ?? '';
  const parts = [email, local, ...local.split(/[^a-z0-9]+/)].map(bare).filter((part) => part.length >= 3);
  return candidate.length > 0 && parts.some((part) => similarity(candidate, part) >= 0.7);
}

/** 2 × (longest common substring) / (total length): 1 for equal strings, 0 for nothing in common. */
function similarity(a: string, b: string): number {
  let longest = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        current[j] = previous[j - 1] + 1;
        longest = Math.max(longest, current[j]);
      }
    }
    previous = current;
  }
  return (2 * longest) / (a.length + b.length);
}
