import { afterEach, beforeEach, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';

/**
 * Replaces the toasts with spies for every test of the calling file (`expect(notify.error).toHaveBeenCalledWith(…)`),
 * restored after each: test files share their modules, so a module mock would leak into the next file.
 */
export function spyOnNotify() {
  beforeEach(() => {
    for (const kind of ['success', 'error', 'info', 'warning'] as const) vi.spyOn(notify, kind).mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
}
