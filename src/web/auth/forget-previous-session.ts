import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserKey } from './auth.api.ts';
import { useCurrentUser } from './use-current-user.ts';

/**
 * Most of the cache was fetched for whoever was signed in (orders, quotes, the wishlist, an organisation's prices),
 * and on a shared computer the next person must never see it. When the signed-in user changes (sign-in, sign-out,
 * either in another tab) the cache is reset, after the page has re-rendered for the new user, so that only what that
 * page still shows is fetched again, never with the previous user's keys.
 */
export function useForgetPreviousSession() {
  const queryClient = useQueryClient();
  const { user, isLoading } = useCurrentUser();
  const identity = isLoading ? undefined : (user?.id ?? null);
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (identity === undefined) return;
    if (previous.current !== undefined && previous.current !== identity) {
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    }
    previous.current = identity;
  }, [identity, queryClient]);
}
