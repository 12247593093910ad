import type { ReturnableLine, ReturnPolicy, ReturnView } from '#contracts/returns';
import type { OrderReturnsAnswer } from './return-request-form.tsx';

/** A return of one Mayo Scissors (order item 1, $42.99), as the buyer sees it. */
export function returnView(overrides: Partial<ReturnView> = {}): ReturnView {
  return {
    rma: 'RMA-000123',
    status: 'requested',
    order_number: 'SS-7K2M9QXD',
    created_at: '2026-03-20T10:00:00.000Z',
    comment: '',
    photo_url: null,
    decontamination_declared: false,
    items: [{
      id: 1, order_item_id: 1, name: 'Mayo Scissors, 17 cm', variant_label: '', model_number: 'SS-101', quantity: 1, unit_price: '42.99',
      reason: 'damaged', used: false, exchange_variant_id: null, exchange_variant_label: null, received: [],
    }],
    rejection_reason: null,
    label: null,
    drop_off_instructions: null,
    resolution: null,
    amounts: { lines: '42.99', fees: '0.00', total: '42.99' },
    exchange_order_number: null,
    credit_notes: [],
    ...overrides,
  };
}

/** Order item 1 (Mayo Scissors, 2 delivered, another length to exchange for) and 2 (Kelly Hemostat, a sterile pack). */
export function returnableLines(overrides: Partial<Record<1 | 2, Partial<ReturnableLine>>> = {}): ReturnableLine[] {
  return [
    {
      order_item_id: 1, returnable_quantity: 2, blocked: null, sterile: false,
      exchange_options: [{ variant_id: 18, label: '20 cm', available: 5 }, { variant_id: 19, label: '14 cm', available: 0 }],
      ...overrides[1],
    },
    { order_item_id: 2, returnable_quantity: 1, blocked: null, sterile: true, exchange_options: [], ...overrides[2] },
  ];
}

/** The shop pays the return shipping of every reason but "no longer needed", as the policy starts. */
export const POLICY_REASONS: ReturnPolicy['reasons'] = [
  { code: 'damaged', shipping_paid_by: 'shop' },
  { code: 'wrong_item', shipping_paid_by: 'shop' },
  { code: 'not_as_described', shipping_paid_by: 'shop' },
  { code: 'defective', shipping_paid_by: 'shop' },
  { code: 'no_longer_needed', shipping_paid_by: 'buyer' },
];

/** 30 days, 15% restocking on "no longer needed", $12.00 return shipping paid by the buyer for that reason only. */
export function orderReturnsAnswer(overrides: Partial<OrderReturnsAnswer> = {}): OrderReturnsAnswer {
  return {
    returns: [],
    lines: returnableLines(),
    window_ends: '2026-04-12',
    policy: {
      window_days: 30,
      restocking_fee_percent: 15,
      return_shipping_fee: '12.00',
      reasons: POLICY_REASONS,
    },
    ...overrides,
  };
}
