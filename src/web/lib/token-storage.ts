/** Where the session's tokens live: localStorage when the user asked to be remembered, sessionStorage otherwise. */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

/** Fired on `window` whenever the stored tokens change in this tab; the auth state listens to it. */
export const TOKENS_CHANGED_EVENT = 'auth:tokens-changed';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

function storages(): Storage[] {
  const found: Storage[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const storage = globalThis[name];
      if (storage) found.push(storage);
    } catch {
      // Storage can be disabled (privacy settings); the session then lasts as long as the page.
    }
  }
  return found;
}

function read(key: string): string | null {
  for (const storage of storages()) {
    const value = storage.getItem(key);
    if (value) return value;
  }
  return null;
}

function announce() {
  globalThis.dispatchEvent?.(new Event(TOKENS_CHANGED_EVENT));
}

export function readToken(): string | null {
  return read(TOKEN_KEY);
}

export function readRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

function remove() {
  for (const storage of storages()) {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(REFRESH_TOKEN_KEY);
  }
}

/** Stores a new session; `remember` decides whether it survives closing the browser. */
export function storeTokens({ token, refreshToken }: TokenPair, remember: boolean) {
  remove();
  const storage = remember ? globalThis.localStorage : globalThis.sessionStorage;
  storage.setItem(TOKEN_KEY, token);
  storage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  announce();
}

/** Replaces the tokens after a refresh, in the storage the session already uses. */
export function replaceTokens(pair: TokenPair) {
  storeTokens(pair, Boolean(globalThis.localStorage?.getItem(TOKEN_KEY)));
}

export function clearTokens() {
  remove();
  announce();
}

/** Calls `listener` when the tokens change in this tab or in another one. */
export function subscribeToTokens(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) listener();
  };
  window.addEventListener(TOKENS_CHANGED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TOKENS_CHANGED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
