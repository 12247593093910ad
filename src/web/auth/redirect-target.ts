/** What the route guard puts in the navigation state of its redirect to /login. */
export interface RedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

const AUTH_PAGES = ['/login', '/register', '/forgot-password', '/reset-password'];

/** Where to go after signing in: the page that asked for it, else home. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || AUTH_PAGES.includes(from.pathname)) {
    return '/';
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
