import { useQuery } from '@tanstack/react-query';
import type { Department } from '#contracts/organisation-purchasing';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { organisationMembersQuery } from '../organisation-members/organisation-members.api.ts';
import { departmentsQuery } from '../organisation-purchasing/purchasing.api.ts';

/** The departments the signed-in member orders for, each of which may keep order guides; none for a finance member. */
export function useGuideDepartments(): Department[] {
  const { user } = useCurrentUser();
  // Members are business accounts (joining makes one); asking for anyone else would only answer 404.
  const departments = useQuery({ ...departmentsQuery(), enabled: user?.accountType === 'business', retry: false });
  const members = useQuery({ ...organisationMembersQuery(), enabled: departments.isSuccess });
  const you = members.data?.members.find((member) => member.is_you);
  if (!you || you.role === 'finance') return [];
  return departments.data?.departments.filter((department) => department.member_ids.includes(you.id)) ?? [];
}
