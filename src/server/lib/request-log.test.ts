import { describe, expect, it } from 'vitest';
import { urlForLog } from './request-log.ts';

describe('urlForLog', () => {
  it.each([
    ['/api/auth/verify-email/NwWWe0I7BexKTXiKJAtuE0IJ/', '/api/auth/verify-email/[redacted]/'],
    ['/api/auth/verify-email/NwWWe0I7BexKTXiKJAtuE0IJ', '/api/auth/verify-email/[redacted]'],
    ['/api/auth/verify-email/resend/', '/api/auth/verify-email/resend/'],
    ['/reset-password?token=abc&x=1', '/reset-password?token=[redacted]&x=1'],
    ['/api/products/?search=token', '/api/products/?search=token'],
  ])('%s → %s', (url, logged) => expect(urlForLog(url)).toBe(logged));
});
