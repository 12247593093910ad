import { useQuery } from '@tanstack/react-query';
import type { DepartmentAddress } from '#contracts/organisation-purchasing';
import { departmentsQuery } from '../organisation-purchasing/purchasing.api.ts';
import { organisationMembersQuery } from '../organisation-members/organisation-members.api.ts';
import { addressesQuery } from '../profile/profile.api.ts';

export interface AddressChoice {
  /** The department it is one of the delivery addresses of; null for an address of the buyer's own. */
  departmentId: number | null;
  departmentName: string;
  address: DepartmentAddress;
}

/**
 * Where a standing order may ship: for a member with departments, their departments' delivery addresses (the only
 * ones a run may use); for anyone else, the addresses saved in their address book.
 */
export function useAddressChoices(): { choices: AddressChoice[]; poRequired: boolean; pending: boolean } {
  const departments = useQuery(departmentsQuery());
  const members = useQuery({ ...organisationMembersQuery(), enabled: departments.isSuccess });
  const saved = useQuery(addressesQuery());
  const memberId = members.data?.members.find((member) => member.is_you)?.id;
  const mine = departments.data?.departments.filter((department) => memberId !== undefined && department.member_ids.includes(memberId)) ?? [];
  const choices: AddressChoice[] = mine.length > 0
    ? mine.flatMap((department) => department.ship_to.map((address) => ({ departmentId: department.id, departmentName: department.name, address })))
    : (saved.data?.addresses ?? []).map(({ email, firstName, lastName, company, address, city, postalCode, country, phone }) => ({
      departmentId: null, departmentName: '', address: { email, firstName, lastName, company, address, city, postalCode, country, phone },
    }));
  const poRequired = Boolean(departments.data?.po_required || mine.some((department) => department.po_required));
  return { choices, poRequired, pending: departments.isPending || saved.isPending || (departments.isSuccess && members.isPending) };
}
