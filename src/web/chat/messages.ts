import { defineMessages } from '../i18n/define-messages.ts';
import type { ChatFallback } from '#contracts/chat';

export const chatMessages = defineMessages({
  en: {
    dialog: 'Chat assistant',
    title: 'Sialkot Surgical Assistant',
    subtitle: 'Products, orders and shipping',
    minimise: 'Minimise chat',
    restore: 'Restore chat',
    close: 'Close chat',
    conversation: 'Conversation',
    quickActions: 'Quick actions',
    trackOrder: 'Track my order',
    recommendations: 'Product recommendations',
    certifications: 'Certifications',
    shippingReturns: 'Shipping & returns',
    message: 'Message',
    placeholder: 'Ask about products, orders, shipping…',
    send: 'Send message',
    greeting: 'Hello! I am the Sialkot Surgical assistant. I can help you find instruments and prices, check your orders, '
      + 'and answer questions about shipping, returns and certifications. How can I help?',
    unreachable: 'Sorry, I could not reach the assistant. Please try again.',
    answeredBy: (fallback: ChatFallback): string => (fallback === 'no_model'
      ? 'Answered by the shop’s built-in assistant (no AI model configured).'
      : 'Answered by the shop’s built-in assistant (the AI model did not answer).'),
    youSaid: 'You said:',
    assistantSaid: 'Assistant said:',
    products: 'Products',
    typing: 'Assistant is typing',
    total: (amount: string) => `Total ${amount}`,
    arrivesBy: (date: string) => `Arrives by ${date}`,
    tracking: (number: string) => `Tracking ${number}`,
    viewInOrders: 'View in My Orders',
  },
  ur: {
    dialog: 'چیٹ اسسٹنٹ',
    title: 'سیالکوٹ سرجیکل اسسٹنٹ',
    subtitle: 'مصنوعات، آرڈرز اور ترسیل',
    minimise: 'چیٹ چھوٹی کریں',
    restore: 'چیٹ بحال کریں',
    close: 'چیٹ بند کریں',
    conversation: 'گفتگو',
    quickActions: 'فوری انتخاب',
    trackOrder: 'میرا آرڈر ٹریک کریں',
    recommendations: 'مصنوعات کی تجاویز',
    certifications: 'سرٹیفیکیشنز',
    shippingReturns: 'ترسیل اور واپسی',
    message: 'پیغام',
    placeholder: 'مصنوعات، آرڈرز یا ترسیل کے بارے میں پوچھیں…',
    send: 'پیغام بھیجیں',
    greeting: 'السلام علیکم! میں سیالکوٹ سرجیکل کا اسسٹنٹ ہوں۔ میں آلات اور ان کی قیمتیں تلاش کرنے، آپ کے آرڈرز دیکھنے، '
      + 'اور ترسیل، واپسی اور سرٹیفیکیشنز کے بارے میں سوالات کے جواب دینے میں مدد کر سکتا ہوں۔ میں آپ کی کیا مدد کروں؟',
    unreachable: 'معذرت، اسسٹنٹ سے رابطہ نہیں ہو سکا۔ براہ کرم دوبارہ کوشش کریں۔',
    answeredBy: (fallback: ChatFallback): string => (fallback === 'no_model'
      ? 'یہ جواب دکان کے اپنے اسسٹنٹ نے دیا ہے (کوئی AI ماڈل ترتیب نہیں دیا گیا)۔'
      : 'یہ جواب دکان کے اپنے اسسٹنٹ نے دیا ہے (AI ماڈل نے جواب نہیں دیا)۔'),
    youSaid: 'آپ نے کہا:',
    assistantSaid: 'اسسٹنٹ نے کہا:',
    products: 'مصنوعات',
    typing: 'اسسٹنٹ لکھ رہا ہے',
    total: (amount: string) => `کل ${amount}`,
    arrivesBy: (date: string) => `${date} تک پہنچے گا`,
    tracking: (number: string) => `ٹریکنگ ${number}`,
    viewInOrders: 'میرے آرڈرز میں دیکھیں',
  },
  ar: {
    dialog: 'المساعد الآلي',
    title: 'مساعد سيالكوت سرجيكال',
    subtitle: 'المنتجات والطلبات والشحن',
    minimise: 'تصغير المحادثة',
    restore: 'استعادة المحادثة',
    close: 'إغلاق المحادثة',
    conversation: 'المحادثة',
    quickActions: 'إجراءات سريعة',
    trackOrder: 'تتبّع طلبي',
    recommendations: 'اقتراحات المنتجات',
    certifications: 'الشهادات',
    shippingReturns: 'الشحن والإرجاع',
    message: 'الرسالة',
    placeholder: 'اسأل عن المنتجات أو الطلبات أو الشحن…',
    send: 'إرسال الرسالة',
    greeting: 'مرحبًا! أنا مساعد سيالكوت سرجيكال. يمكنني مساعدتك في العثور على الأدوات وأسعارها، ومتابعة طلباتك، '
      + 'والإجابة عن أسئلتك حول الشحن والإرجاع والشهادات. كيف يمكنني مساعدتك؟',
    unreachable: 'عذرًا، تعذّر الوصول إلى المساعد. يرجى المحاولة مرة أخرى.',
    answeredBy: (fallback: ChatFallback): string => (fallback === 'no_model'
      ? 'أجاب المساعد المدمج في المتجر (لا يوجد نموذج ذكاء اصطناعي مُعدّ).'
      : 'أجاب المساعد المدمج في المتجر (لم يُجب نموذج الذكاء الاصطناعي).'),
    youSaid: 'قلت:',
    assistantSaid: 'قال المساعد:',
    products: 'المنتجات',
    typing: 'المساعد يكتب',
    total: (amount: string) => `الإجمالي ${amount}`,
    arrivesBy: (date: string) => `يصل بحلول ${date}`,
    tracking: (number: string) => `رقم التتبع ${number}`,
    viewInOrders: 'عرض في طلباتي',
  },
});

/** The quick actions, each shown in the visitor's language but asked in English, the language the assistant reads. */
export const QUICK_ACTION_KEYS = ['trackOrder', 'recommendations', 'certifications', 'shippingReturns'] as const;
