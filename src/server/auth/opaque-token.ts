import { createHash, randomBytes } from 'node:crypto';

/** Tokens handed to clients are random; the database keeps only their sha256, so a leaked table grants nothing. */
export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}
