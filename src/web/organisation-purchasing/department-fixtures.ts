import type { Department, DepartmentAddress } from '#contracts/organisation-purchasing';

/** An address of Mayo Hospital's stores as a department keeps it; the test says what differs. */
export const departmentAddress = (overrides: Partial<DepartmentAddress> = {}): DepartmentAddress => ({
  email: 'stores@mayo.example', firstName: 'Sana', lastName: 'Iqbal', company: 'Mayo Hospital', address: 'Ward 3, Hospital Road',
  city: 'Lahore', postalCode: '54000', country: 'PK', phone: '+92 42 99211100', ...overrides,
});

/** Cardiac Theatre (CC-410) of Mayo Hospital, ordered for by member 5; the test says what differs. */
export const departmentFixture = (overrides: Partial<Department> = {}): Department => ({
  id: 1, name: 'Cardiac Theatre', cost_centre: 'CC-410', bill_to: departmentAddress(), ship_to: [departmentAddress()], po_required: false,
  member_ids: [5], ...overrides,
});
