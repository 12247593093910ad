import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from './auth.api.ts';
import type { CurrentUser } from './normalize-user.ts';
import { readToken, subscribeToTokens } from '../lib/token-storage.ts';

export type { CurrentUser } from './normalize-user.ts';

export interface CurrentUserState {
  user: CurrentUser | null;
  isLoading: boolean;
}

/** The stored access token, re-read whenever a sign-in, refresh or sign-out (in any tab) changes it. */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToTokens, readToken, () => null);
}

/** The signed-in user: anonymous without a stored token, otherwise whoever GET /api/auth/me/ says. */
export function useCurrentUser(): CurrentUserState {
  const signedIn = useStoredToken() !== null;
  const { data, isPending } = useQuery({ ...currentUserQuery(), enabled: signedIn });
  return { user: signedIn ? (data ?? null) : null, isLoading: signedIn && isPending };
}
