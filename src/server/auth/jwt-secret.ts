import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * JWT_SECRET when set; otherwise a secret generated once into DATA_DIR/jwt-secret (mode 0600), so tokens survive
 * restarts. The file is written aside and linked into place, so processes starting at once agree on one secret
 * and none reads a half-written file.
 */
export function loadJwtSecret(config: { JWT_SECRET?: string; DATA_DIR: string }): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters; delete it to generate a new secret`);
  return secret;
}
