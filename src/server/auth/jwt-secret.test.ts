import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadJwtSecret } from './jwt-secret.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'jwt-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadJwtSecret', () => {
  it('prefers JWT_SECRET', () => {
    expect(loadJwtSecret({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir })).toBe('x'.repeat(32));
  });

  it('generates a secret once into DATA_DIR, readable by the owner only, and reuses it', () => {
    const first = loadJwtSecret({ DATA_DIR: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadJwtSecret({ DATA_DIR: dir })).toBe(first);
  });
});
