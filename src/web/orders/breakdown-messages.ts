import { defineMessages } from '../i18n/define-messages.ts';

/** The lines of an order's money, shared by the payment result, order details and order cards. */
export const breakdownMessages = defineMessages({
  en: {
    heading: 'Payment summary',
    subtotal: 'Subtotal',
    discount: 'Discount',
    discountWithCode: (code: string) => `Discount (${code})`,
    shipping: 'Shipping',
    free: 'Free',
    tax: 'Tax',
    cardFee: 'Card processing fee',
    total: 'Total (USD)',
    amountCharged: (currency: string) => `Amount charged (${currency})`,
    atRate: (rate: string, currency: string) => `At ${rate} ${currency} per USD`,
    quantityEach: (quantity: string, price: string) => `${quantity} × ${price} each`,
  },
  ur: {
    heading: 'ادائیگی کا خلاصہ',
    subtotal: 'ذیلی میزان',
    discount: 'رعایت',
    discountWithCode: (code: string) => `رعایت (${code})`,
    shipping: 'شپنگ',
    free: 'مفت',
    tax: 'ٹیکس',
    cardFee: 'کارڈ پروسیسنگ فیس',
    total: 'کل (امریکی ڈالر)',
    amountCharged: (currency: string) => `وصول شدہ رقم (${currency})`,
    // The rate and its currency stay one left-to-right unit (U+2066 … U+2069) inside the right-to-left sentence.
    atRate: (rate: string, currency: string) => `\u2066${rate} ${currency}\u2069 فی امریکی ڈالر کے حساب سے`,
    quantityEach: (quantity: string, price: string) => `${quantity} × ${price} فی عدد`,
  },
  ar: {
    heading: 'ملخص الدفع',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    discountWithCode: (code: string) => `الخصم (${code})`,
    shipping: 'الشحن',
    free: 'مجاني',
    tax: 'الضريبة',
    cardFee: 'رسوم معالجة البطاقة',
    total: 'الإجمالي (بالدولار الأمريكي)',
    amountCharged: (currency: string) => `المبلغ المحصّل (${currency})`,
    atRate: (rate: string, currency: string) => `بسعر \u2066${rate} ${currency}\u2069 للدولار الأمريكي`,
    quantityEach: (quantity: string, price: string) => `${quantity} × ${price} للقطعة`,
  },
});
