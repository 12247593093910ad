import { describe, expect, it } from 'vitest';
import { isValidPhone } from './auth.ts';

describe('isValidPhone', () => {
  it.each(['+923001234567', '+92 300 1234567', '0300-1234567', '(042) 3576-1234', '+1 (555) 010-0199', '5550100'])(
    'accepts %s', (phone) => expect(isValidPhone(phone)).toBe(true));

  it.each(['', '12345', '555010', '+1234567890123456', 'call me', '0300+1234567', '++923001234567', '0300.123.4567', '+92 300 12x4567'])(
    'refuses %j', (phone) => expect(isValidPhone(phone)).toBe(false));
});
