import type { ReturnPolicy, StaffReturnView } from '#contracts/returns';
import { POLICY_REASONS } from './return-fixtures.ts';

type Line = StaffReturnView['items'][number];

export const returnLine = (overrides: Partial<Line> = {}): Line => ({
  id: 1, order_item_id: 11, name: 'Mayo Scissors', variant_label: '17 cm', model_number: 'MS-17', quantity: 3, unit_price: '42.99',
  reason: 'damaged', used: false, exchange_variant_id: null, exchange_variant_label: null, received: [], ...overrides,
});

/** A requested return of three damaged scissors and one used, defective needle holder to exchange. */
export const staffReturn = (overrides: Partial<StaffReturnView> = {}): StaffReturnView => ({
  rma: 'RMA-000041',
  status: 'requested',
  order_number: 'SS-7K2M9QXD',
  order_id: '5d9f4c1e-8a77-4d2b-9a51-0c3f6e1b2a10',
  created_at: '2026-03-20T09:30:00.000Z',
  comment: 'Blades arrived bent.',
  photo_url: '/media/returns/rma-000041.jpg',
  decontamination_declared: true,
  buyer: { name: 'Amna Khan', email: 'amna@example.com' },
  recall_id: null,
  items: [
    returnLine(),
    returnLine({ id: 2, order_item_id: 12, name: 'Needle Holder', variant_label: '14 cm', quantity: 1, unit_price: '18.00', reason: 'defective', used: true,
      exchange_variant_id: 31, exchange_variant_label: '16 cm' }),
  ],
  rejection_reason: null,
  label: null,
  drop_off_instructions: null,
  resolution: null,
  amounts: { lines: '146.97', fees: '14.70', total: '132.27' },
  exchange_order_number: null,
  credit_notes: [],
  ...overrides,
});

export const returnPolicy = (overrides: Partial<ReturnPolicy> = {}): ReturnPolicy => ({
  window_days: 30,
  restocking_fee_percent: 10,
  return_shipping_fee: '15.00',
  reasons: POLICY_REASONS,
  exclusions: [{ product_id: 7, name: 'Custom Retractor', reason: 'made_to_order' }],
  ...overrides,
});
