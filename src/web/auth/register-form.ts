import { MIN_PASSWORD_LENGTH, registerBody, type RegisterBody, type SPECIALTIES } from '#contracts/auth';
import { formIssue, type FormIssue } from '../checkout/validation-messages.ts';
import type { FieldErrors } from './field-errors.ts';
import type { AuthText } from './messages.ts';
import type { AccountType } from './normalize-user.ts';

const SPECIALTY_VALUES: ReadonlyArray<(typeof SPECIALTIES)[number]> = ['cardiology', 'neurosurgery', 'orthopedics', 'general', 'other'];

export function specialtyOptions(t: AuthText) {
  return SPECIALTY_VALUES.map((value) => ({ value, label: t[value] }));
}

/** Form values, keyed as the server names the fields in its error map. */
export interface RegisterFormValues {
  email: string;
  first_name: string;
  last_name: string;
  'profile.phone': string;
  'profile.specialty': string;
  'profile.hospital_name': string;
  'profile.license_number': string;
  password: string;
  password_confirm: string;
  agreeToTerms: boolean;
}

export type RegisterField = keyof RegisterFormValues;

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  email: '',
  first_name: '',
  last_name: '',
  'profile.phone': '',
  'profile.specialty': '',
  'profile.hospital_name': '',
  'profile.license_number': '',
  password: '',
  password_confirm: '',
  agreeToTerms: false,
};

const REQUIRED_FIELDS: Record<AccountType, RegisterField[]> = {
  individual: ['first_name', 'last_name', 'email', 'profile.phone', 'profile.specialty', 'password', 'password_confirm'],
  business: ['first_name', 'last_name', 'email', 'profile.hospital_name', 'profile.license_number', 'password', 'password_confirm'],
};

/** The fields each tab shows, in order; server errors for anything else go in the form-level alert. */
export const FIELDS_OF: Record<AccountType, RegisterField[]> = {
  individual: [...REQUIRED_FIELDS.individual, 'agreeToTerms'],
  business: [...REQUIRED_FIELDS.business, 'agreeToTerms'],
};

/** Client-side checks, in the visitor's language (`minLength` is the minimum password length as shown there). */
export function validateRegisterForm(
  values: RegisterFormValues,
  accountType: AccountType,
  t: AuthText,
  { minLength = String(MIN_PASSWORD_LENGTH), localize = (issue: FormIssue) => issue.message } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of REQUIRED_FIELDS[accountType]) {
    if (!String(values[field]).trim()) errors[field] = t.required;
  }
  if (!errors.email) {
    const email = registerBody.shape.email.safeParse(values.email);
    if (!email.success) errors.email = localize(formIssue(email.error.issues[0]));
  }
  if (!errors.password && values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = t.passwordTooShort(minLength);
  }
  if (!errors.password_confirm && values.password_confirm !== values.password) {
    errors.password_confirm = t.passwordsDiffer;
  }
  if (!values.agreeToTerms) errors.agreeToTerms = t.agreeToTerms;
  return errors;
}

export function toRegisterBody(values: RegisterFormValues, accountType: AccountType): RegisterBody {
  return {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    password: values.password,
    password_confirm: values.password_confirm,
    account_type: accountType,
    profile:
      accountType === 'individual'
        ? { phone: values['profile.phone'].trim(), specialty: values['profile.specialty'] }
        : { hospital_name: values['profile.hospital_name'].trim(), license_number: values['profile.license_number'].trim() },
  };
}
