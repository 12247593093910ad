import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  confirmPasswordReset,
  login,
  logout,
  me,
  register,
  requestPasswordReset,
  resendVerification,
  verifyEmailPost,
  type RegisterBody,
} from '#contracts/auth';
import type { BodyOf } from '#contracts/define';
import { ApiError, apiFetch } from '../lib/api.ts';
import { normalizeUser, type CurrentUser } from './normalize-user.ts';
import { clearTokens, readRefreshToken, storeTokens, type TokenPair } from '../lib/token-storage.ts';

export const currentUserKey = ['auth', 'me'] as const;

/** GET /api/auth/me/ for a stored token; an answer refusing the token ends the stored session. */
export function currentUserQuery() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      try {
        return normalizeUser(await apiFetch(me, { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) {
          clearTokens();
          return null;
        }
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Keeps the session an answer started (sign-in, registration, an accepted invitation) and its user. */
export function startSession(queryClient: QueryClient, tokens: TokenPair, rawUser: object, remember: boolean): CurrentUser {
  const user = normalizeUser(rawUser);
  // The user goes into the cache first, so nothing fetches /me the moment the token appears.
  queryClient.setQueryData(currentUserKey, user);
  storeTokens(tokens, remember);
  return user;
}

export type LoginInput = BodyOf<typeof login> & { remember: boolean };

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ remember, ...body }: LoginInput) => {
      const { token, refreshToken, user } = await apiFetch(login, { body });
      return startSession(queryClient, { token, refreshToken }, user, remember);
    },
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      const { token, refreshToken, user } = await apiFetch(register, { body });
      return startSession(queryClient, { token, refreshToken }, user, true);
    },
  });
}

/** Asks the server to revoke the refresh token; `useEndSession` forgets the session locally. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiFetch(logout, { body: { refresh: readRefreshToken() ?? undefined } }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return () => {
    clearTokens();
    queryClient.setQueryData(currentUserKey, null);
  };
}

export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiFetch(verifyEmailPost, { params: { token } }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<CurrentUser | null>(currentUserKey, (current) => {
        if (!current) return current;
        return user && user.id === current.id ? normalizeUser(user) : { ...current, isVerified: true };
      });
    },
  });
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: () => apiFetch(resendVerification) });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: (email: string) => apiFetch(requestPasswordReset, { body: { email } }) });
}

export function useConfirmPasswordResetMutation() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof confirmPasswordReset>) => apiFetch(confirmPasswordReset, { body }),
  });
}
