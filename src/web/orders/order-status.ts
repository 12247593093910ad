import type { OrderStatus } from '#contracts/orders';

export const STATUS_FILTERS = ['all', 'pending', 'confirmed', 'processing', 'partly_shipped', 'shipped', 'delivered', 'cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** How far along the spec shows each status, in percent. */
export const STATUS_PROGRESS: Record<OrderStatus, number> = {
  pending: 25,
  confirmed: 40,
  processing: 60,
  partly_shipped: 70,
  shipped: 80,
  delivered: 100,
  cancelled: 0,
};

export const STATUS_BADGE_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  confirmed: 'bg-blue-100 text-blue-900 ring-blue-300',
  processing: 'bg-purple-100 text-purple-900 ring-purple-300',
  partly_shipped: 'bg-teal-100 text-teal-900 ring-teal-300',
  shipped: 'bg-green-100 text-green-900 ring-green-300',
  delivered: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  cancelled: 'bg-red-100 text-red-900 ring-red-300',
};

export const STATUS_BAR_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-yellow-500',
  confirmed: 'bg-blue-600',
  processing: 'bg-purple-600',
  partly_shipped: 'bg-teal-600',
  shipped: 'bg-green-600',
  delivered: 'bg-emerald-600',
  cancelled: 'bg-red-600',
};

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
