import { describe, expect, it } from 'vitest';
import { toastPlacement } from './toaster.tsx';

describe('toastPlacement', () => {
  it('puts toasts at the bottom of a phone, above the chat button and any bottom bar, away from the header', () => {
    expect(toastPlacement(true, false)).toEqual({
      position: 'bottom-center', mobileOffset: { bottom: 'calc(5.5rem + var(--bottom-bar, 0px))' },
    });
  });

  it('puts them in the bottom end corner on wider screens, above the chat button, in either direction', () => {
    expect(toastPlacement(false, false)).toEqual({ position: 'bottom-right', offset: { bottom: 'calc(5.5rem + var(--bottom-bar, 0px))' } });
    expect(toastPlacement(false, true).position).toBe('bottom-left');
  });
});
