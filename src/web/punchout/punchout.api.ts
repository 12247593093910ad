import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currentPunchout, getOrganisationPunchout, putOrganisationPunchout, startPunchout, transferPunchout,
  type IdentityBody, type PunchoutSessionView,
} from '#contracts/punchout';
import { startSession } from '../auth/auth.api.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { apiFetch } from '../lib/api.ts';
import { clearTokens } from '../lib/token-storage.ts';

const sessionKey = (userId: string | null) => ['punchout', 'session', userId] as const;
const identityKey = ['punchout', 'identity'] as const;

/** The punchout the signed-in session is (null for an ordinary one); asked of business accounts only. */
export function usePunchout(): PunchoutSessionView | null {
  const { user } = useCurrentUser();
  const { data } = useQuery({
    queryKey: sessionKey(user?.id ?? null),
    queryFn: ({ signal }) => apiFetch(currentPunchout, { signal }),
    enabled: user?.accountType === 'business',
    staleTime: Infinity,
  });
  return user ? data?.punchout ?? null : null;
}

/** Opens the start page once: the session it starts lives in this tab only (never "remembered"). */
export function useStartPunchout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const { token: access, refreshToken, user, punchout } = await apiFetch(startPunchout, { body: { token } });
      const signedIn = startSession(queryClient, { token: access, refreshToken }, user, false);
      queryClient.setQueryData(sessionKey(signedIn.id), { punchout });
      await queryClient.invalidateQueries({ queryKey: ['cart'] });
      return punchout;
    },
  });
}

/**
 * "Transfer cart": the server builds the message and ends the punchout; the browser leaves for the shop's return page,
 * which posts the message on to the procurement system (top-level navigation).
 */
export function useTransferCart() {
  return useMutation({
    mutationFn: async () => {
      const { signed } = await apiFetch(transferPunchout);
      clearTokens();
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/punchout/return';
      const field = document.createElement('input');
      field.type = 'hidden';
      field.name = 'transfer';
      field.value = signed;
      form.append(field);
      document.body.append(form);
      form.submit();
    },
  });
}

export const punchoutIdentityQuery = () =>
  queryOptions({ queryKey: identityKey, queryFn: ({ signal }) => apiFetch(getOrganisationPunchout, { signal }) });

export function useSaveIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityBody) => apiFetch(putOrganisationPunchout, { body }),
    onSuccess: ({ identity, urls }) => queryClient.setQueryData(identityKey, { identity, urls }),
  });
}
