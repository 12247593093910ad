import { z } from 'zod';
import { defineContract } from './define.ts';

/** Where the client names its own refresh token, so the server can tell the current session apart. */
export const REFRESH_TOKEN_HEADER = 'X-Refresh-Token';

const REQUIRED = 'This field is required.';
const password = z.string({ message: REQUIRED }).min(1, REQUIRED).max(128, 'Enter at most 128 characters.');

/**
 * Signed in. The current password is checked; the new one follows the password rules. Every other session of the
 * user is signed out (the one named in X-Refresh-Token stays). 400 with per-field errors.
 */
export const changePassword = defineContract({
  method: 'POST',
  path: '/api/auth/change-password/',
  body: z.object({
    current_password: password,
    new_password: password,
    new_password_confirm: z.string({ message: REQUIRED }),
  }),
  response: z.object({ detail: z.string() }),
});

export const session = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
  /** Read from the User-Agent at sign-in; null when it names no browser or system we know. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
});
export type Session = z.infer<typeof session>;

/** Signed in; active sign-ins (refresh token families), most recently used first. */
export const listSessions = defineContract({
  method: 'GET',
  path: '/api/auth/sessions/',
  response: z.object({ sessions: z.array(session) }),
});

/** Signs that session out. 404 for a session that is not the user's. */
export const revokeSession = defineContract({
  method: 'DELETE',
  path: '/api/auth/sessions/:id/',
  params: z.object({ id: z.uuid({ message: 'Session not found.' }) }),
  response: z.object({ detail: z.string() }),
});
