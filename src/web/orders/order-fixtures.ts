import type { Order } from '#contracts/orders';

/** 2 × 42.99 + 18.00 = 103.98; SURGERY15 −15.60; shipping 75.00; tax 17% of 88.38 = 15.02; card fee 2.5% of 178.40 = 4.46. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: '5d9f4c1e-8a77-4d2b-9a51-0c3f6e1b2a10',
    orderNumber: 'SS-7K2M9QXD',
    status: 'confirmed',
    createdAt: '2026-03-10T09:30:00.000Z',
    estimatedDelivery: '2026-03-14',
    total: 182.86,
    totalCharged: 182.86,
    breakdown: { subtotal: '103.98', discount: '15.60', shipping: '75.00', tax: '15.02', fee: '4.46', total: '182.86', refunded: '0.00' },
    amountCharged: '182.86',
    currency: 'USD',
    exchangeRate: null,
    promoCode: 'SURGERY15',
    paymentStatus: 'paid',
    paymentMethod: 'credit_card',
    orderType: 'individual',
    items: [
      { id: 1, productId: 7, variantId: 17, variantLabel: '', name: 'Mayo Scissors, 17 cm', quantity: 2, price: 42.99, saleQuantity: 0, salePrice: null, lineTotal: 85.98, contractNumber: '', image: '', category: 'General Surgery',
        category_translations: { ur: 'جنرل سرجری', ar: 'الجراحة العامة' } },
      // The product is gone: no translations, so the English it was ordered under.
      { id: 2, productId: null, variantId: null, variantLabel: '', name: 'Kelly Hemostat', quantity: 1, price: 18, saleQuantity: 0, salePrice: null, lineTotal: 18, contractNumber: '', image: '', category: 'General Surgery', category_translations: {} },
    ],
    shippingAddress: { name: 'Amna Khan', address: 'Mayo Hospital', city: 'Lahore 54000', country: 'PK', phone: '03001234567', email: 'amna@example.com' },
    shippingMethod: 'Standard',
    shipments: [],
    trackingEvents: [
      { id: 1, status: 'confirmed', event: 'payment_received', params: {}, description: 'Payment received', timestamp: '2026-03-10T09:31:00.000Z' },
    ],
    refunds: [],
    refundable: '182.86',
    credit_notes: [],
    storeCredit: '0.00',
    canCancel: true,
    invoiceTerms: null,
    purchaseOrder: null,
    ...overrides,
  };
}
