import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused or dropped connection and a server shutting down, also when wrapped by the ORM', () => {
    for (const code of ['ECONNREFUSED', 'CONNECTION_CLOSED', '57P01', '08006']) expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves query errors alone: they are bugs or conflicts, not an outage', () => {
    for (const code of ['23505', '42703', '40001']) expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('no code'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
