import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Department, DepartmentAddress } from '#contracts/organisation-purchasing';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { serverIssueErrors, useIssueText, type IssueError } from '../lib/issue-text.ts';
import { organisationMembersQuery } from '../organisation-members/organisation-members.api.ts';
import { addressLine } from '../organisation-purchasing/address-line.ts';
import { departmentsQuery } from '../organisation-purchasing/purchasing.api.ts';
import type { ShippingField, ShippingFormApi } from './shipping-values.ts';

type Field = 'poNumber' | 'departmentId' | 'shippingAddress';
type Problems = Partial<Record<Field, IssueError>>;

const SHIPPING_FIELDS: readonly ShippingField[] = ['email', 'firstName', 'lastName', 'company', 'address', 'city', 'postalCode', 'country', 'phone'];

/**
 * What a member of an organisation adds to an order: a purchase-order number (required where the organisation or
 * the chosen department says), and the department it is for when they belong to any, whose delivery addresses are
 * the only ones offered. Nothing for anyone else.
 */
export function useOrganisationFields(user: CurrentUser | null, shippingForm: ShippingFormApi) {
  // Members are business accounts (joining makes one); asking for anyone else would only answer 404.
  const departments = useQuery({ ...departmentsQuery(), enabled: user?.accountType === 'business' });
  const members = useQuery({ ...organisationMembersQuery(), enabled: departments.isSuccess });
  const memberId = members.data?.members.find((member) => member.is_you)?.id;
  const mine = departments.data?.departments.filter((department) => memberId !== undefined && department.member_ids.includes(memberId)) ?? [];

  // Someone who orders for one department only orders for it: it is chosen, with its first delivery address.
  const only = mine.length === 1 ? mine[0] : undefined;
  const [poNumber, setPoNumber] = useState('');
  const [chosenId, setChosenId] = useState('');
  const [addressIndex, setAddressIndex] = useState('0');
  const [problems, setProblems] = useState<Problems>({});
  const departmentId = chosenId || (only ? String(only.id) : '');
  const department: Department | undefined = mine.find((row) => String(row.id) === departmentId);
  const poRequired = Boolean(departments.data?.po_required || department?.po_required);

  const { setValue } = shippingForm;
  const writeAddress = useCallback((address: DepartmentAddress | undefined) => {
    if (!address) return;
    for (const name of SHIPPING_FIELDS) {
      if (address[name]) setValue(name, address[name], { shouldDirty: true, shouldValidate: true });
    }
  }, [setValue]);

  const fillAddress = (chosen: Department | undefined, index: string) => {
    setAddressIndex(index);
    writeAddress(chosen?.ship_to[Number(index)]);
    setProblems(({ shippingAddress: _, ...rest }) => rest);
  };

  const chooseDepartment = (id: string) => {
    setChosenId(id);
    setProblems(({ departmentId: _, ...rest }) => rest);
    fillAddress(mine.find((row) => String(row.id) === id), '0');
  };

  const onlyFirstAddress = only?.ship_to[0];
  useEffect(() => writeAddress(onlyFirstAddress), [onlyFirstAddress, writeAddress]);

  return {
    member: departments.isSuccess,
    departments: mine,
    department,
    poRequired,
    poNumber,
    departmentId,
    addressIndex,
    problems,
    setPoNumber: (value: string) => {
      setPoNumber(value);
      setProblems(({ poNumber: _, ...rest }) => rest);
    },
    chooseDepartment,
    chooseAddress: (index: string) => fillAddress(department, index),
    /** What the order's details carry: nothing for someone in no organisation. */
    details: departments.isSuccess
      ? { poNumber: poNumber.trim(), ...(department ? { departmentId: department.id } : {}) }
      : {},
    /** Checks what the server would before payment opens; false when something is missing, shown on its field. */
    validate(): boolean {
      if (!departments.isSuccess) return true;
      const found: Problems = {};
      if (mine.length > 0 && !department) found.departmentId = { type: 'required', message: '' };
      if (poRequired && !poNumber.trim()) found.poNumber = { type: 'po_required', message: '' };
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    /** Puts the payment's `orderDetails.*` refusals on these fields; whether there were any. */
    setServerErrors(error: unknown): boolean {
      const found: Problems = {};
      for (const [path, issue] of Object.entries(serverIssueErrors(error))) {
        const field = path.replace(/^orderDetails\./, '');
        if (field === 'poNumber' || field === 'departmentId' || field === 'shippingAddress') found[field] = issue;
      }
      setProblems(found);
      return Object.keys(found).length > 0;
    },
  };
}

export type OrganisationFieldsApi = ReturnType<typeof useOrganisationFields>;

/** The purchase-order number and the department, above the shipping details; nothing for someone in no organisation. */
export function OrganisationFields({ fields }: { fields: OrganisationFieldsApi }) {
  const { t } = useTranslation('checkout');
  const issueText = useIssueText();
  if (!fields.member) return null;
  const { problems, department } = fields;
  const departmentError = problems.departmentId && (problems.departmentId.type === 'required' ? t('departmentRequired') : t('notYourDepartment'));
  const addressError = problems.shippingAddress && t('notDepartmentAddress');

  return (
    <fieldset className="mb-6" data-testid="organisation-fields">
      <legend className="text-base font-bold text-slate-900">{t('organisationOrder')}</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {fields.departments.length > 0 && (
          <SelectField
            label={t('department')}
            required
            placeholder={t('chooseDepartment')}
            value={fields.departmentId}
            onChange={(event) => fields.chooseDepartment(event.target.value)}
            options={fields.departments.map((row) => ({
              value: String(row.id), label: row.cost_centre ? t('departmentOption', { name: row.name, code: row.cost_centre }) : row.name,
            }))}
            error={departmentError}
          />
        )}
        <TextField
          label={fields.poRequired ? t('poNumber') : t('optional', { label: t('poNumber') })}
          required={fields.poRequired}
          hint={t('poNumberHint')}
          maxLength={50}
          autoComplete="off"
          value={fields.poNumber}
          onChange={(event) => fields.setPoNumber(event.target.value)}
          error={issueText(problems.poNumber)}
        />
        {department && (
          <div className="sm:col-span-2">
            <SelectField
              label={t('deliveryAddress')}
              required
              hint={t('deliveryAddressHint')}
              value={fields.addressIndex}
              onChange={(event) => fields.chooseAddress(event.target.value)}
              options={department.ship_to.map((address, index) => ({ value: String(index), label: addressLine(address) }))}
              error={addressError}
            />
          </div>
        )}
      </div>
    </fieldset>
  );
}
