import type { ReorderList, ReorderListItem } from '#contracts/reorder-lists';

export const reorderItem = (overrides: Partial<ReorderListItem> = {}): ReorderListItem => ({
  id: 12, product_id: 7, variant_id: 70, variant_label: '', slug: 'kelly-hemostat', name: 'Kelly Hemostat', brand: 'Zenith', model_number: 'ZI-200', image: '',
  price: '18.00', par_level: 5, last_on_hand: null, counted_at: null, available_stock: 40, in_stock: true, equivalents: [],
  ...overrides,
});

export const reorderList = (items: ReorderListItem[] = [reorderItem()]): ReorderList => ({
  id: 3, name: 'Theatre 2', department: null, item_count: items.length, updated_at: '2026-03-01T10:00:00.000Z', items,
});
