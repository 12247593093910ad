import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createAddress, deleteAddress, listAddresses, updateAddress, type AddressInput } from '#contracts/addresses';
import { updateProfile } from '#contracts/auth';
import type { InputOf } from '#contracts/define';
import { changePassword, listSessions, REFRESH_TOKEN_HEADER, revokeSession } from '#contracts/profile';
import { currentUserKey } from '../auth/auth.api.ts';
import { normalizeUser } from '../auth/normalize-user.ts';
import { readRefreshToken } from '../lib/token-storage.ts';
import { apiFetch } from '../lib/api.ts';

/** Names this browser's session to the server, so it is marked current and kept on a password change. */
const ownSession = (): Record<string, string> => {
  const refreshToken = readRefreshToken();
  return refreshToken ? { [REFRESH_TOKEN_HEADER]: refreshToken } : {};
};

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<typeof updateProfile>['body']) => apiFetch(updateProfile, { body }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, normalizeUser(user)),
  });
}

export const useChangePasswordMutation = () =>
  useMutation({
    mutationFn: (body: InputOf<typeof changePassword>['body']) => apiFetch(changePassword, { body, headers: ownSession() }),
  });

const sessionsKey = ['auth', 'sessions'] as const;
export const sessionsQuery = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => apiFetch(listSessions, { signal, headers: ownSession() }) });

export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(revokeSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const addressesKey = ['addresses'] as const;
export const addressesQuery = () =>
  queryOptions({ queryKey: addressesKey, queryFn: ({ signal }) => apiFetch(listAddresses, { signal }) });

function useAddressChange<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: addressesKey }) });
}

export const useSaveAddressMutation = () =>
  useAddressChange(({ id, body }: { id?: string; body: AddressInput }) =>
    id ? apiFetch(updateAddress, { params: { id }, body }) : apiFetch(createAddress, { body }));

export const useDeleteAddressMutation = () => useAddressChange((id: string) => apiFetch(deleteAddress, { params: { id } }));
