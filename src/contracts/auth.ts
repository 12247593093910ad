import { z } from 'zod';
import { staffRoles } from './staff-roles.ts';
import { defineContract } from './define.ts';
import { atMost, INVALID_EMAIL, message, REQUIRED } from './issues.ts';

export const ACCOUNT_TYPES = ['individual', 'business'] as const;
export const SPECIALTIES = ['cardiology', 'neurosurgery', 'orthopedics', 'general', 'other'] as const;
export const LANGUAGES = ['en', 'ur', 'ar'] as const;

/** The Intl locale of each language: Arabic with Arabic-Indic digits, Urdu in Pakistan with Western ones. */
export const INTL_LOCALES = { en: 'en-US', ur: 'ur-PK', ar: 'ar-u-nu-arab' } as const satisfies Record<(typeof LANGUAGES)[number], string>;
export const CURRENCIES = ['PKR', 'USD', 'EUR'] as const;
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = message('password_too_short', `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  { min: MIN_PASSWORD_LENGTH });
export const PASSWORDS_DIFFER = message('passwords_differ', 'Passwords do not match');

/** E.164-ish: an optional leading +, then 7 to 15 digits, which may be grouped with spaces, dashes or parentheses. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

export const userProfile = z.object({
  phone: z.string(),
  specialty: z.string(),
  hospital_name: z.string(),
  license_number: z.string(),
  address: z.string(),
});

export const userPreferences = z.object({
  language: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES),
  /**
   * `email` decides whether order and quote mail is sent; `cartReminders`, whether a cart left behind is followed up
   * by mail. `sms` and `push` are the spec's and kept as stored, but nothing reads them: the shop sends no text
   * messages or push notifications, and the storefront does not offer them.
   */
  notifications: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean(), cartReminders: z.boolean() }),
});

/** The user on the wire, snake_case as the spec's server sends it. */
export const user = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  is_verified: z.boolean(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  /** Null for buyers. */
  staff_role: z.enum(staffRoles).nullable(),
  profile: userProfile,
  preferences: userPreferences,
  date_joined: z.string(),
});
export type User = z.infer<typeof user>;

const email = z.string({ message: REQUIRED }).trim().toLowerCase()
  .min(1, REQUIRED).max(254, atMost(254))
  .pipe(z.email({ message: INVALID_EMAIL }));
const name = z.string({ message: REQUIRED }).trim()
  .min(1, REQUIRED).max(100, atMost(100));
const password = z.string({ message: REQUIRED }).min(1, REQUIRED)
  .max(128, atMost(128));
const required = (max: number) => z.string({ message: REQUIRED }).trim()
  .min(1, REQUIRED).max(max, atMost(max));

export const registerBody = z.object({
  email,
  first_name: name,
  last_name: name,
  password,
  password_confirm: z.string({ message: 'This field is required.' }),
  account_type: z.enum(ACCOUNT_TYPES, { message: 'Choose individual or business.' }),
  profile: z.object({
    phone: z.string().trim().max(32).optional(),
    specialty: z.string().trim().optional(),
    hospital_name: z.string().trim().max(200).optional(),
    license_number: z.string().trim().max(100).optional(),
  }).default({}),
});
export type RegisterBody = z.input<typeof registerBody>;

export const tokenPair = z.object({ token: z.string(), refreshToken: z.string() });

export const register = defineContract({
  method: 'POST',
  path: '/api/auth/register/',
  body: registerBody,
  response: tokenPair.extend({ success: z.literal(true), user }),
  status: 201,
});

/**
 * `account_type` is the tab the sign-in page was on: checked as one of the types, then left aside, for the account knows
 * its own (a business buyer signing in on the Individual tab is signed in as the business account).
 */
export const login = defineContract({
  method: 'POST',
  path: '/api/auth/login/',
  body: z.object({
    email,
    password,
    account_type: z.enum(ACCOUNT_TYPES, { message: 'Choose individual or business.' }).optional(),
  }),
  response: tokenPair.extend({ user }),
});

export const me = defineContract({
  method: 'GET',
  path: '/api/auth/me/',
  response: user,
});

/** The object with each camelCase key given under its snake_case name instead, unless that name came too. */
function snakeCase<T extends object, const M extends Partial<Record<keyof T, keyof T>>>(value: T, names: M): Omit<T, keyof M & string> {
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [camel, snake] of Object.entries(names) as [string, string][]) {
    if (out[snake] === undefined && out[camel] !== undefined) out[snake] = out[camel];
    delete out[camel];
  }
  return out as Omit<T, keyof M & string>;
}

export const updateProfile = defineContract({
  method: 'PUT',
  path: '/api/auth/profile/',
  body: z.object({
    first_name: name.optional(),
    last_name: name.optional(),
    /** The spec's clients may send camelCase (firstName, hospitalName, ...): the snake_case name wins when both come. */
    firstName: name.optional(),
    lastName: name.optional(),
    profile: z.object({
      phone: z.string().trim().max(32).optional(),
      specialty: z.string().trim().optional(),
      hospital_name: z.string().trim().max(200).optional(),
      license_number: z.string().trim().max(100).optional(),
      hospitalName: z.string().trim().max(200).optional(),
      licenseNumber: z.string().trim().max(100).optional(),
      address: z.string().trim().max(500, 'Enter at most 500 characters.').optional(),
    }).optional().transform((profile) => profile && snakeCase(profile, { hospitalName: 'hospital_name', licenseNumber: 'license_number' })),
    preferences: z.object({
      language: z.enum(LANGUAGES, { message: 'Choose en, ur or ar.' }).optional(),
      currency: z.enum(CURRENCIES, { message: 'Choose PKR, USD or EUR.' }).optional(),
      notifications: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean(), cartReminders: z.boolean() }).partial().optional(),
    }).optional(),
  }),
  response: user,
});

export const refresh = defineContract({
  method: 'POST',
  path: '/api/auth/refresh/',
  errors: ['TOKEN_NOT_VALID'],
  body: z.object({ refresh: required(2000) }),
  response: z.object({ access: z.string(), refresh: z.string() }),
});

export const logout = defineContract({
  method: 'POST',
  path: '/api/auth/logout/',
  body: z.object({ refresh: z.string().optional() }),
  response: z.object({ detail: z.string() }),
});

const verifyToken = z.object({ token: z.string().min(1).max(200) });
const verifyResponse = z.object({ detail: z.string(), user: user.optional() });

export const verifyEmailGet = defineContract({
  method: 'GET', path: '/api/auth/verify-email/:token/', params: verifyToken, response: verifyResponse,
});
export const verifyEmailPost = defineContract({
  method: 'POST', path: '/api/auth/verify-email/:token/', params: verifyToken, response: verifyResponse,
});

export const resendVerification = defineContract({
  method: 'POST',
  path: '/api/auth/verify-email/resend/',
  response: z.object({ detail: z.string() }),
});

export const requestPasswordReset = defineContract({
  method: 'POST',
  path: '/api/auth/reset-password/',
  body: z.object({ email }),
  response: z.object({ detail: z.string() }),
});

export const confirmPasswordReset = defineContract({
  method: 'POST',
  path: '/api/auth/reset-password/confirm/',
  body: z.object({
    token: z.string({ message: 'Invalid or missing reset token' }).min(1, 'Invalid or missing reset token'),
    password,
    password_confirm: z.string({ message: 'This field is required.' }),
  }),
  response: z.object({ detail: z.string() }),
});
