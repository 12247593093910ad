import { Suspense, useEffect, useState } from 'react';
import type { AddCartItemBody } from '#contracts/cart';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { onFirstUse } from '../lib/on-first-use.ts';

const KEY = 'shop.pendingCartAdd';
/** Long enough to sign in or register; short enough that nobody else on this computer finds it in their cart. */
const KEPT_MS = 30 * 60_000;

interface PendingAdd {
  body: AddCartItemBody;
  savedAt: number;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Remembers what a signed-out visitor asked to add, for after they sign in. In this tab only (sessionStorage): the
 * sign-in and the registration happen here, and a closed tab forgets it.
 */
export function rememberCartAdd(body: AddCartItemBody, now = Date.now()): void {
  storage()?.setItem(KEY, JSON.stringify({ body, savedAt: now } satisfies PendingAdd));
}

/** The remembered add, taken out so that it is made once whatever happens next; null when none is still fresh. */
export function takeCartAdd(now = Date.now()): PendingAdd | null {
  const store = storage();
  const stored = store?.getItem(KEY);
  if (!store || !stored) return null;
  store.removeItem(KEY);
  try {
    const pending = JSON.parse(stored) as PendingAdd;
    return now - pending.savedAt <= KEPT_MS && Number.isInteger(pending.body.product_id) ? pending : null;
  } catch {
    return null;
  }
}

// Only for a visitor who pressed Add to Cart before signing in: not in the first page's download.
const maker = onFirstUse(() => import('./make-pending-cart-add.tsx'));

/** Once someone is signed in (or has registered), makes the Add to Cart they pressed before, once. */
export function PendingCartAdd() {
  const signedIn = useCurrentUser().user !== null;
  const loaded = maker.useLoaded();
  const [pending, setPending] = useState<PendingAdd | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const taken = takeCartAdd();
    // Kept for the next page when its code cannot be fetched now.
    if (taken) maker.load().then(() => setPending(taken), () => rememberCartAdd(taken.body, taken.savedAt));
  }, [signedIn]);
  if (!pending || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <loaded.MakePendingCartAdd key={pending.savedAt} body={pending.body} />
    </Suspense>
  );
}
