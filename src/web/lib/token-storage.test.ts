import { describe, expect, it } from 'vitest';
import { clearTokens, readRefreshToken, readToken, replaceTokens, storeTokens } from './token-storage.ts';

describe('token storage', () => {
  it('keeps a remembered session in localStorage', () => {
    storeTokens({ token: 'a', refreshToken: 'r' }, true);
    expect(localStorage.getItem('token')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('keeps any other session in sessionStorage, and reads from either', () => {
    storeTokens({ token: 'a', refreshToken: 'r' }, false);
    expect(sessionStorage.getItem('token')).toBe('a');
    expect(localStorage.getItem('token')).toBeNull();
    expect(readToken()).toBe('a');
    expect(readRefreshToken()).toBe('r');
  });

  it('replaces tokens where they were, and a new session leaves nothing of the old one', () => {
    storeTokens({ token: 'a', refreshToken: 'r' }, false);
    replaceTokens({ token: 'b', refreshToken: 's' });
    expect(sessionStorage.getItem('token')).toBe('b');
    expect(localStorage.getItem('token')).toBeNull();

    storeTokens({ token: 'c', refreshToken: 't' }, true);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(readToken()).toBe('c');
  });

  it('clears both storages', () => {
    localStorage.setItem('token', 'a');
    sessionStorage.setItem('refreshToken', 'r');
    clearTokens();
    expect(readToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
  });
});
