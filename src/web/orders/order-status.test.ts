import { describe, expect, it } from 'vitest';
import { STATUS_BADGE_CLASSES, STATUS_PROGRESS, statusLabel } from './order-status.ts';

describe('order status display', () => {
  it('shows the spec’s progress per status', () => {
    expect(STATUS_PROGRESS).toEqual({ pending: 25, confirmed: 40, processing: 60, partly_shipped: 70, shipped: 80, delivered: 100, cancelled: 0 });
  });

  it('colours the badges yellow, blue, purple, teal, green, emerald and red', () => {
    const colours = Object.entries(STATUS_BADGE_CLASSES).map(([status, classes]) => [status, /bg-(\w+)-/.exec(classes)?.[1]]);
    expect(Object.fromEntries(colours)).toEqual({
      pending: 'yellow', confirmed: 'blue', processing: 'purple', partly_shipped: 'teal', shipped: 'green', delivered: 'emerald', cancelled: 'red',
    });
  });

  it('capitalises labels', () => {
    expect(statusLabel('shipped')).toBe('Shipped');
  });
});
