import { describe, expect, it } from 'vitest';
import { linkTarget } from './rich-text-extensions.ts';

describe('description links', () => {
  it('takes web and mail addresses, adding https:// to a bare one', () => {
    expect(linkTarget('https://example.com/ifu.pdf')).toBe('https://example.com/ifu.pdf');
    expect(linkTarget(' www.example.com ')).toBe('https://www.example.com/');
    expect(linkTarget('mailto:sales@example.com')).toBe('mailto:sales@example.com');
  });

  it('refuses script and data addresses, and nothing at all', () => {
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('data:text/html,<b>x</b>')).toBeNull();
    expect(linkTarget('   ')).toBeNull();
  });
});
