import type { StaffOrganisation } from '#contracts/organisations';

export const ORGANISATION_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

export const staffOrganisation = (overrides: Partial<StaffOrganisation> = {}): StaffOrganisation => ({
  id: ORGANISATION_ID, name: 'Mayo Hospital', licence_number: 'PMC-1', status: 'verified', rejection_reason: null,
  submitted_at: '2026-01-02T10:00:00.000Z', reviewed_at: '2026-01-03T10:00:00.000Z', account_manager: null,
  payment_terms: 'none', credit_limit: '0.00', credit_used: '0.00', credit_available: '0.00', can_pay_by_invoice: false,
  price_contract: { number: '', starts_on: null, ends_on: null, in_force: true },
  buyer: { id: 'u-1', name: 'Amna Khan', email: 'amna@example.com', is_verified: true }, reviewed_by: null,
  ...overrides,
});
