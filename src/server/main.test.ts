import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });

describe('start-up with bad configuration', () => {
  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT: expected a port number between 1 and 65535'],
    [{ DATABASE_URL: 'nonsense' }, 'Invalid configuration: DATABASE_URL: expected a PostgreSQL URL such as postgres://user@host:5432/db'],
  ])('%o stops with one line and exit code 1', (env, line) => {
    const result = start(env);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(line);
  });
});
