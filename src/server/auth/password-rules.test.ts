import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { passwordProblems } from './password-rules.ts';

const email = 'dr.ayesha.khan@example.com';

describe('passwordProblems', () => {
  it.each(['Scalpel-Blade-22', 'mayo scissors are sharp', 'Kh@n-forceps-77', 'Ayesha#Retractor9'])('accepts %s', (password) => {
    expect(passwordProblems(password, email)).toEqual([]);
  });

  it.each([
    ['Ab3$xyz', ['Password must be at least 8 characters long']],
    ['', ['Password must be at least 8 characters long']],
    ['0123456789', ['This password is entirely numeric.']],
    ['1234', ['Password must be at least 8 characters long', 'This password is entirely numeric.']],
    ['PASSWORD', ['This password is too common.']],
    ['qwerty123', ['This password is too common.']],
    ['Football99!', ['This password is too common.']],
    ['ayeshakhan', ['This password is too similar to the email address.']],
    ['Dr.Ayesha.Khan', ['This password is too similar to the email address.']],
    ['ayesha2024', ['This password is too similar to the email address.']],
  ])('refuses %j', (password, problems) => {
    expect(passwordProblems(password, email)).toEqual(problems);
  });

  it('keeps a list of a few hundred common passwords that the other rules would let through', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length).toBeGreaterThanOrEqual(8);
      expect(password).not.toMatch(/^\d+$/);
      expect(password).toBe(password.toLowerCase());
    }
  });
});
