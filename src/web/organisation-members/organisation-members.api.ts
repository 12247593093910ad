import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptOrganisationInvite, declineOrganisationInvite, inviteOrganisationMember, listOrganisationMembers, lookUpOrganisationInvite,
  removeOrganisationMember,
  type AcceptOrganisationInviteBody, type InviteOrganisationMemberBody, type MembersAnswer,
} from '#contracts/organisation-members';
import { currentUserKey, startSession } from '../auth/auth.api.ts';
import { apiFetch } from '../lib/api.ts';

const membersKey = ['organisation-members'] as const;

/** The signed-in person's organisation and its people; 404 for someone who belongs to none. */
export const organisationMembersQuery = () =>
  queryOptions({ queryKey: membersKey, queryFn: ({ signal }) => apiFetch(listOrganisationMembers, { signal }) });

/** What a mailed link invites to; looking does not use the link up. */
export const organisationInviteQuery = (token: string) => queryOptions({
  queryKey: ['organisation-invite', token],
  queryFn: ({ signal }) => apiFetch(lookUpOrganisationInvite, { body: { token }, signal }),
  staleTime: Infinity,
});

/** Inviting and removing answer the organisation as it now is: the list shows it without fetching again. */
function useMembersMutation<Input>(call: (input: Input) => Promise<MembersAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(membersKey, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export const useInviteOrganisationMember = () =>
  useMembersMutation((body: InviteOrganisationMemberBody) => apiFetch(inviteOrganisationMember, { body }));

export const useRemoveOrganisationMember = () =>
  useMembersMutation((id: number) => apiFetch(removeOrganisationMember, { params: { id } }));

/**
 * Leaving the organisation: its prices, terms, credit and licences stop applying at once, so everything shown is
 * fetched again (the members list then answers that there is no organisation).
 */
export function useLeaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(removeOrganisationMember, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/**
 * Accepting an invitation. An account the invitation made is signed in with the session the answer carries; an
 * account that was already signed in is read again, now a member.
 */
export function useAcceptOrganisationInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AcceptOrganisationInviteBody) => {
      const joined = await apiFetch(acceptOrganisationInvite, { body });
      const user = joined.session
        && startSession(queryClient, { token: joined.session.token, refreshToken: joined.session.refreshToken }, joined.session.user, true);
      return { ...joined, user };
    },
    onSuccess: async ({ user }) => {
      await Promise.all([
        user ? undefined : queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: membersKey }),
      ]);
    },
  });
}

/** Declining by the mailed link: the invitation and its link are gone. */
export const useDeclineOrganisationInvite = () =>
  useMutation({ mutationFn: (token: string) => apiFetch(declineOrganisationInvite, { body: { token } }) });
