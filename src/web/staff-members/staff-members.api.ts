import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '#contracts/define';
import {
  acceptStaffInvite, inviteStaffMember, listStaffMembers, resendStaffInvite, setupShop, setupStatus, staffInviteStatus,
  updateStaffMember, type AcceptStaffInviteBody, type SetupShopBody,
} from '#contracts/staff-members';
import { startSession } from '../auth/auth.api.ts';
import { apiFetch } from '../lib/api.ts';

const membersKey = ['staff-members'] as const;

export const staffMembersQuery = () =>
  queryOptions({ queryKey: membersKey, queryFn: ({ signal }) => apiFetch(listStaffMembers, { signal }) });

export const staffInviteQuery = (token: string) => queryOptions({
  queryKey: ['staff-invite', token],
  queryFn: ({ signal }) => apiFetch(staffInviteStatus, { query: { token }, signal }),
  staleTime: Infinity,
});

export const setupStatusQuery = () =>
  queryOptions({ queryKey: ['setup'], queryFn: ({ signal }) => apiFetch(setupStatus, { signal }) });

/** Every change to the team refetches the list. */
function useMembersMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }) });
}

export const useInviteMember = () =>
  useMembersMutation((body: BodyOf<typeof inviteStaffMember>) => apiFetch(inviteStaffMember, { body }));

export const useUpdateMember = () =>
  useMembersMutation(({ id, body }: { id: string; body: BodyOf<typeof updateStaffMember> }) =>
    apiFetch(updateStaffMember, { params: { id }, body }));

export const useResendInvite = () => useMembersMutation((id: string) => apiFetch(resendStaffInvite, { params: { id } }));

/** Accepting an invitation, or setting up the shop, signs the new staff member in. */
function useSigningInMutation<Body>(call: (body: Body) => Promise<ResponseOf<typeof acceptStaffInvite>>, onSignedIn = () => {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => {
      const { token, refreshToken, user } = await call(body);
      onSignedIn();
      return startSession(queryClient, { token, refreshToken }, user, true);
    },
  });
}

export const useAcceptInvite = () => useSigningInMutation((body: AcceptStaffInviteBody) => apiFetch(acceptStaffInvite, { body }));

export function useSetUpShop() {
  const queryClient = useQueryClient();
  return useSigningInMutation((body: SetupShopBody) => apiFetch(setupShop, { body }),
    () => queryClient.setQueryData(setupStatusQuery().queryKey, { needed: false }));
}
