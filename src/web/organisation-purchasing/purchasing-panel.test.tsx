import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrganisationRole } from '#contracts/organisation-members';
import type { Department, DepartmentAddress, SpendingLimit } from '#contracts/organisation-purchasing';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { OrganisationPage } from '../organisation-members/organisation-page.tsx';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { membersAnswer, organisationMember } from '../organisation-members/member-fixtures.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const MEMBERS = '/api/organisation/members/';
const DEPARTMENTS = '/api/organisation/departments/';
const LIMITS = '/api/organisation/limits/';
const PO_RULE = '/api/organisation/purchase-orders/';

const amna = organisationMember({ is_you: true });
const usman = organisationMember({ id: 5, email: 'usman@mayo.example', name: 'Usman Tariq', role: 'buyer' });
const sara = organisationMember({ id: 6, email: 'sara@mayo.example', name: 'Sara Ahmed', role: 'approver' });
const members = (your_role: OrganisationRole = 'admin') => membersAnswer(your_role, [{ ...amna, role: your_role }, usman, sara]);

const address = (overrides: Partial<DepartmentAddress> = {}): DepartmentAddress => ({
  email: 'stores@mayo.example', firstName: 'Sana', lastName: 'Iqbal', company: 'Mayo Hospital', address: 'Ward 3, Hospital Road',
  city: 'Lahore', postalCode: '54000', country: 'PK', phone: '+92 42 99211100', ...overrides,
});
const cardiac: Department = {
  id: 3, name: 'Cardiac Theatre', cost_centre: 'CC-410', bill_to: address({ address: 'Accounts Office, Hospital Road' }),
  ship_to: [address({ address: 'Cardiac Block, Hospital Road' }), address({ address: 'Theatre Store, Nila Gumbad', postalCode: '54001' })],
  po_required: true, member_ids: [5],
};
const departments = (list: Department[] = [cardiac], po_required = false) => ({ departments: list, po_required });
const limit = (overrides: Partial<SpendingLimit>): SpendingLimit =>
  ({ id: 1, member_id: null, department_id: null, per_order: null, per_month: null, ...overrides });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  api.on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }));
});

function renderPurchasing(role: OrganisationRole = 'admin', list: Department[] = [cardiac], limits: SpendingLimit[] = []) {
  api.on('GET', MEMBERS, 200, members(role));
  api.on('GET', DEPARTMENTS, 200, departments(list));
  api.on('GET', LIMITS, 200, { limits });
  return renderRoute(OrganisationPage, { path: '/profile/organisation', url: '/profile/organisation?tab=purchasing' });
}

const departmentForm = () => screen.getByTestId('department-form');
const group = (name: string | RegExp) => within(departmentForm()).getByRole('group', { name });
const field = (container: HTMLElement, name: RegExp) => within(container).getByRole('textbox', { name });

/** Types an address into a group of the department form. */
async function fillAddress(container: HTMLElement, value: DepartmentAddress) {
  await userEvent.type(field(container, /^Email/), value.email);
  await userEvent.type(field(container, /^First name/), value.firstName);
  await userEvent.type(field(container, /^Last name/), value.lastName);
  if (value.company) await userEvent.type(field(container, /^Company or hospital/), value.company);
  await userEvent.type(field(container, /^Address/), value.address);
  await userEvent.type(field(container, /^City/), value.city);
  await userEvent.type(field(container, /^Postal code/), value.postalCode);
  await userEvent.type(field(container, /^Phone/), value.phone);
}

/** Opens "Add department" and fills a whole department: Orthopaedics, one delivery address (the bill-to's), Sara. */
async function fillNewDepartment() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add department' }));
  await userEvent.type(within(departmentForm()).getByRole('textbox', { name: /^Name/ }), 'Orthopaedics');
  await userEvent.type(within(departmentForm()).getByRole('textbox', { name: /^Cost centre/ }), 'CC-220');
  await userEvent.click(within(departmentForm()).getByRole('checkbox', { name: 'Every order of this department needs a purchase-order number' }));
  await fillAddress(group('Bill-to address'), address({ address: 'Accounts, Ortho Wing' }));
  await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Copy the bill-to address into delivery address 1' }));
  await userEvent.click(within(group('Members who order for it')).getByRole('checkbox', { name: /Sara Ahmed/ }));
}

describe('the Purchasing tab', () => {
  it('is offered to admins only', async () => {
    renderPurchasing('admin');
    expect(await screen.findByRole('tab', { name: 'Purchasing' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Purchase orders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Departments' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Spending limits' })).toBeInTheDocument();
  });

  it.each(['approver', 'buyer', 'finance'] as const)('is not offered to %s, even by its link', async (role) => {
    renderPurchasing(role);
    expect(await screen.findByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Purchasing' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', LIMITS)).toHaveLength(0);
  });

  it('shows each department as a card: cost centre, PO badge, bill-to on one line, delivery addresses and members', async () => {
    renderPurchasing();
    const card = await screen.findByRole('article', { name: 'Cardiac Theatre' });
    expect(card).toHaveTextContent('Cost centre CC-410');
    expect(within(card).getByText('PO number required')).toBeInTheDocument();
    expect(card).toHaveTextContent('Sana Iqbal, Mayo Hospital, Accounts Office, Hospital Road, Lahore 54000');
    expect(card).toHaveTextContent('Sana Iqbal, Mayo Hospital, Theatre Store, Nila Gumbad, Lahore 54001');
    expect(within(card).getByText('Usman Tariq')).toBeInTheDocument();
    expect(within(card).queryByText('Sara Ahmed')).not.toBeInTheDocument();
  });

  it('saves the purchase-order rule when its switch is turned', async () => {
    api.on('PUT', PO_RULE, 200, departments([cardiac], true));
    renderPurchasing();
    const rule = await screen.findByRole('switch', { name: 'Every order needs a purchase-order number' });
    expect(rule).not.toBeChecked();
    await userEvent.click(rule);
    await waitFor(() => expect(api.callsTo('PUT', PO_RULE)[0]?.body).toEqual({ required: true }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Purchase-order numbers required', 'Every order of the organisation now needs one.'));
    expect(rule).toBeChecked();
  });

  it('adds a department with the body the contract asks for', async () => {
    const ortho: Department = {
      id: 4, name: 'Orthopaedics', cost_centre: 'CC-220', bill_to: address({ address: 'Accounts, Ortho Wing' }),
      ship_to: [address({ address: 'Accounts, Ortho Wing' })], po_required: true, member_ids: [6],
    };
    api.on('POST', DEPARTMENTS, 201, departments([cardiac, ortho]));
    renderPurchasing();
    await fillNewDepartment();
    await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Add department' }));

    await waitFor(() => expect(api.callsTo('POST', DEPARTMENTS)).toHaveLength(1));
    const orthoAddress = address({ address: 'Accounts, Ortho Wing' });
    expect(api.callsTo('POST', DEPARTMENTS)[0]!.body).toEqual({
      name: 'Orthopaedics', cost_centre: 'CC-220', bill_to: orthoAddress, ship_to: [orthoAddress], po_required: true, member_ids: [6],
    });
    expect(await screen.findByRole('article', { name: 'Orthopaedics' })).toBeInTheDocument();
    expect(screen.queryByTestId('department-form')).not.toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Department added', 'Orthopaedics');
  });

  it("puts the server's field errors under their fields", async () => {
    api.on('POST', DEPARTMENTS, 400, {
      detail: 'Validation failed',
      errors: {
        name: ['Your organisation already has a department of this name.'],
        'ship_to.0.city': ['Enter the city.'],
        member_ids: ['Choose members of your organisation.'],
      },
      issues: { 'ship_to.0.city': [{ key: 'required' }] },
    });
    renderPurchasing();
    await fillNewDepartment();
    await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Add department' }));

    await waitFor(() => expect(within(departmentForm()).getByRole('textbox', { name: /^Name/ }))
      .toHaveAccessibleDescription('Your organisation already has a department of this name.'));
    expect(field(group('Delivery address 1'), /^City/)).toHaveAccessibleDescription('This field is required.');
    expect(field(group('Bill-to address'), /^City/)).not.toHaveAccessibleDescription(/required/);
    expect(group('Members who order for it')).toHaveAccessibleDescription(/Choose members of your organisation\./);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('checks the form before sending it', async () => {
    renderPurchasing();
    await userEvent.click(await screen.findByRole('button', { name: 'Add department' }));
    expect(within(departmentForm()).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Add department' }));
    expect(await within(departmentForm()).findByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(field(group('Delivery address 1'), /^Postal code/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', DEPARTMENTS)).toHaveLength(0);
  });

  it('adds and removes delivery addresses', async () => {
    renderPurchasing();
    await userEvent.click(await screen.findByRole('button', { name: 'Add department' }));
    expect(within(departmentForm()).queryByRole('button', { name: /^Remove delivery address/ })).not.toBeInTheDocument();
    await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Add a delivery address' }));
    expect(within(departmentForm()).getAllByTestId('delivery-address')).toHaveLength(2);
    await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Remove delivery address 2' }));
    expect(within(departmentForm()).getAllByTestId('delivery-address')).toHaveLength(1);
  });

  it("edits a department in place and sends PUT to the department's id", async () => {
    api.on('PUT', `${DEPARTMENTS}3/`, 200, departments([{ ...cardiac, name: 'Cardiac Surgery', member_ids: [5, 6] }]));
    renderPurchasing();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Cardiac Theatre' }));
    expect(screen.getByRole('heading', { name: 'Edit Cardiac Theatre' })).toBeInTheDocument();
    expect(within(departmentForm()).getAllByTestId('delivery-address')).toHaveLength(2);
    expect(within(group('Members who order for it')).getByRole('checkbox', { name: /Usman Tariq/ })).toBeChecked();
    const name = within(departmentForm()).getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Cardiac Surgery');
    await userEvent.click(within(group('Members who order for it')).getByRole('checkbox', { name: /Sara Ahmed/ }));
    await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Save department' }));

    await waitFor(() => expect(api.callsTo('PUT', `${DEPARTMENTS}3/`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${DEPARTMENTS}3/`)[0]!.body).toEqual({
      name: 'Cardiac Surgery', cost_centre: 'CC-410', bill_to: cardiac.bill_to, ship_to: cardiac.ship_to, po_required: true, member_ids: [5, 6],
    });
    expect(await screen.findByRole('article', { name: 'Cardiac Surgery' })).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Department saved', 'Cardiac Surgery');
    expect(api.callsTo('POST', DEPARTMENTS)).toHaveLength(0);
  });

  it("gives up an edit with Cancel, and the focus goes back to the card's Edit", async () => {
    renderPurchasing();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Cardiac Theatre' }));
    await userEvent.click(within(departmentForm()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Cardiac Theatre' })).toHaveFocus());
    expect(api.callsTo('PUT', `${DEPARTMENTS}3/`)).toHaveLength(0);
  });
});

describe('the spending limits', () => {
  const row = async (name: string) => (await screen.findAllByTestId('limit-row')).find((line) => within(line).queryByRole('rowheader', { name: new RegExp(`^${name}`) }))!;

  it('has a row for the organisation, each department and each member, filled with their limits', async () => {
    renderPurchasing('admin', [cardiac], [limit({ per_order: '5000.00' }), limit({ id: 2, member_id: 5, per_month: '2000.00' })]);
    const rows = await screen.findAllByTestId('limit-row');
    expect(rows.map((line) => within(line).getByRole('rowheader').textContent)).toEqual([
      'Whole organisationEvery order, whoever places it', 'Cardiac TheatreDepartment · cost centre CC-410',
      'Amna Khanamna@mayo.example', 'Usman Tariqusman@mayo.example', 'Sara Ahmedsara@mayo.example',
    ]);
    expect(within(rows[0]!).getByRole('textbox', { name: 'Per order (USD) — Whole organisation' })).toHaveValue('5000.00');
    expect(within(rows[0]!).getByRole('textbox', { name: 'Per month (USD) — Whole organisation' })).toHaveValue('');
    expect(within(rows[3]!).getByRole('textbox', { name: /^Per month/ })).toHaveValue('2000.00');
    expect(screen.getByText(/waits on the Approvals tab until an approver decides\. Stock is not held meanwhile/)).toBeInTheDocument();
  });

  it("saves a row's amounts, an empty box as no limit", async () => {
    api.on('PUT', LIMITS, 200, { limits: [limit({ id: 3, department_id: 3, per_order: '750.00' })] });
    renderPurchasing();
    const cardiacRow = await row('Cardiac Theatre');
    await userEvent.type(within(cardiacRow).getByRole('textbox', { name: /^Per order/ }), '750');
    await userEvent.click(within(cardiacRow).getByRole('button', { name: 'Save the limits of Cardiac Theatre' }));
    await waitFor(() => expect(api.callsTo('PUT', LIMITS)[0]?.body).toEqual({ per_order: '750', per_month: null, department_id: 3 }));
    await waitFor(() => expect(within(cardiacRow).getByRole('textbox', { name: /^Per order/ })).toHaveValue('750.00'));
    expect(notify.success).toHaveBeenCalledWith('Limits saved', 'Cardiac Theatre');

    const usmanRow = await row('Usman Tariq');
    await userEvent.type(within(usmanRow).getByRole('textbox', { name: /^Per month/ }), '2000.50');
    await userEvent.click(within(usmanRow).getByRole('button', { name: 'Save the limits of Usman Tariq' }));
    await waitFor(() => expect(api.callsTo('PUT', LIMITS)[1]?.body).toEqual({ per_order: null, per_month: '2000.50', member_id: 5 }));

    const organisationRow = await row('Whole organisation');
    await userEvent.click(within(organisationRow).getByRole('button', { name: 'Save the limits of Whole organisation' }));
    await waitFor(() => expect(api.callsTo('PUT', LIMITS)[2]?.body).toEqual({ per_order: null, per_month: null }));
  });

  it('checks the amounts before sending, and shows the server\'s refusal on the row', async () => {
    api.on('PUT', LIMITS, 400, {
      detail: 'Validation failed',
      errors: { per_month: ['Enter at most 1000000.00.'], member_id: ['Choose a member of your organisation.'] },
      issues: { per_month: [{ key: 'too_big', params: { max: 1_000_000 } }] },
    });
    renderPurchasing();
    const saraRow = await row('Sara Ahmed');
    const perOrder = within(saraRow).getByRole('textbox', { name: /^Per order/ });
    await userEvent.type(perOrder, '12,5');
    await userEvent.click(within(saraRow).getByRole('button', { name: 'Save the limits of Sara Ahmed' }));
    await waitFor(() => expect(perOrder).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo('PUT', LIMITS)).toHaveLength(0);

    await userEvent.clear(perOrder);
    await userEvent.type(within(saraRow).getByRole('textbox', { name: /^Per month/ }), '999999');
    await userEvent.click(within(saraRow).getByRole('button', { name: 'Save the limits of Sara Ahmed' }));
    await waitFor(() => expect(api.callsTo('PUT', LIMITS)).toHaveLength(1));
    await waitFor(() => expect(within(saraRow).getByRole('textbox', { name: /^Per month/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(within(saraRow).getByText('Choose a member of your organisation.')).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('the Purchasing tab in Arabic', () => {
  it('reads in Arabic', async () => {
    act(() => setLocale('ar'));
    renderPurchasing();
    expect(await screen.findByRole('tab', { name: 'المشتريات' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'كل طلب يحتاج إلى رقم أمر شراء' })).toBeInTheDocument();
    expect(screen.getByText('قسم واحد')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تعديل Cardiac Theatre' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'حدود الإنفاق' })).toBeInTheDocument();
  });
});
