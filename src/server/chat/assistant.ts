import type { ChatOrder, ChatProduct, ChatAnswer, ChatSender } from '#contracts/chat';
import type { Db } from '../db/client.ts';
import { POLICIES, type PolicyTopic } from './policies.ts';
import { matchConcepts } from '../search/concept-map.ts';
import {
  describeActivePromos, findOwnOrder, findProducts, findProductsInAll, findViewedProduct, PRODUCTS_PER_ANSWER, type ProductGroup,
} from './shop-lookups.ts';

export const SIGN_IN_FOR_ORDERS = 'Please sign in to your account so I can look up your orders. '
  + 'You can also see every order under My Orders once you are signed in.';
export const ORDER_NOT_FOUND = 'I could not find that order in your account.';
export const NO_ORDERS_YET = 'I could not find any orders in your account yet. Once you place one, I can tell you its status here.';
export const HAND_OVER = 'I am not sure I can help with that. Please write to our team on the contact page (/contact); '
  + 'we answer within one business day.';

export const ORDER_NUMBER = /\bSS-[0-9A-Z]{4,12}\b/i;

const ORDER_WORDS = /\b(orders?|track(ing)?|shipment|parcel|package)\b/;
const POLICY_WORDS: { topic: PolicyTopic; pattern: RegExp }[] = [
  { topic: 'certifications', pattern: /\b(certif\w*|iso|13485|fda|510\s*\(?k\)?|ce)\b/ },
  { topic: 'shipping', pattern: /\b(ship\w*|deliver\w*|courier|postage)\b/ },
  { topic: 'returns', pattern: /\b(returns?|refunds?|exchange)\b/ },
  { topic: 'warranty', pattern: /\b(warrant\w*|guarantee\w*)\b/ },
  { topic: 'business', pattern: /\b(business|bulk|wholesale|volume|discounts?|quotes?|quotation|payment terms|account manager)\b/ },
];
const PROMO_WORDS = /\b(promo\w*|coupons?|vouchers?|codes?|discounts?|deals?|offers)\b/;
const BUSINESS_WORDS = /\b(business|bulk|wholesale|volume|hospitals?|clinics?|distributors?|quotes?|quotation|payment terms|account manager)\b/;
/** A message that points back at what was said or shown before. */
const REFERS_BACK = /\b(it|its|this|that|these|those|them|ones?|same)\b/;
const ORDER_FOLLOW_UP = /\b(when|where|arriv\w*|deliver\w*|status|eta|coming|dispatch\w*|shipped|late|it)\b/;
/** Words of a follow-up that name no product. */
const FOLLOW_UP_WORDS = new Set(`similar alternative alternatives other others else one ones same this that it them tell about info
  information detail details more like cheaper expensive options option its have got which anything something any`.split(/\s+/));
const PRODUCT_WORDS = /\$|\b(price\w*|cost\w*|how much|cheap\w*|expensive|afford\w*|buy|sell|stock|available|recommend\w*|suggest\w*|products?|instruments?|equipment|tools?)\b/;
const GREETING_WORDS = /^(hi|hello|hey|salam|assalam\w*|aoa|good (morning|afternoon|evening))\b/;
const THANKS_WORDS = /\b(thanks?|thank you|shukriya)\b/;
const CONTACT_WORDS = /\b(contact|human|agent|person|representative|call|phone|email)\b/;

/** Specialty words to the catalogue's category slugs. */
const SPECIALTIES: { pattern: RegExp; slug: string; name: string }[] = [
  { pattern: /\bneuro\w*|\bbrain\b|\bspin(e|al)\b/, slug: 'neurosurgery', name: 'neurosurgery' },
  { pattern: /\bcardi\w*|\bheart\b|\bvascular\b/, slug: 'cardiology', name: 'cardiology' },
  { pattern: /\borthop\w*|\bbones?\b|\bfractures?\b/, slug: 'orthopedics', name: 'orthopedics' },
  { pattern: /\bophthalm\w*|\beyes?\b|\bcataract\b/, slug: 'ophthalmology', name: 'ophthalmology' },
  { pattern: /\bent\b|\bear\b|\bnose\b|\bthroat\b|\btonsil\w*/, slug: 'ent', name: 'ENT' },
  { pattern: /\bdent\w*|\bteeth\b|\btooth\b/, slug: 'dental', name: 'dental' },
  { pattern: /\bobstet\w*|\bgyn\w*|\bmaternity\b/, slug: 'obstetrics-gynecology', name: 'obstetrics and gynecology' },
  { pattern: /\bplastic\b|\bcosmetic\b/, slug: 'plastic-surgery', name: 'plastic surgery' },
  { pattern: /\bsteril\w*|\bautoclave\w*/, slug: 'sterilization', name: 'sterilization' },
  { pattern: /\bdiagnos\w*|\bstethoscope\w*/, slug: 'diagnostic-equipment', name: 'diagnostic equipment' },
  { pattern: /\bgeneral surgery\b/, slug: 'general-surgery', name: 'general surgery' },
];

const STOP_WORDS = new Set(`a about any are at available be best buy can cheap cheapest cost costs do does dollars
  for get good have how i in instrument instruments is it looking me much my need of on or please price prices
  product products recommend recommendation recommendations sell show some suggest tell than the there these this
  those to under usd want what whats which with you your equipment tool tools stock over less more cheaper and an`
  .split(/\s+/));

const text = (response: string): ChatAnswer => ({ response, type: 'text', source: 'assistant' });

const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

const deliveryDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`)
  .toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function describeOrder(order: ChatOrder): string {
  const parts = [`Your order ${order.orderNumber} is ${order.status}, total ${money(order.total)}.`];
  if (order.trackingNumber) parts.push(`Tracking number: ${order.trackingNumber}.`);
  if (order.estimatedDelivery) parts.push(`Estimated delivery: ${deliveryDate(order.estimatedDelivery)}.`);
  parts.push('See every detail under My Orders.');
  return parts.join(' ');
}

// The names and prices travel in data.products, which the widget shows as cards.
const productReply = (intro: string, products: ChatProduct[]): ChatAnswer =>
  ({ response: intro, type: 'product', data: { products }, source: 'assistant' });

/** The words worth searching the catalogue for, singular, longest first. */
function searchTerms(message: string): string[] {
  const words = message.replace(ORDER_NUMBER, ' ').toLowerCase().match(/[a-z][a-z0-9-]*/g) ?? [];
  const kept = words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return [...new Set(kept)].sort((a, b) => b.length - a.length);
}

const maxPriceIn = (message: string) => {
  const match = /\b(under|below|less than|cheaper than|max(imum)?|up to)\s*\$?\s*(\d+(\.\d+)?)/.exec(message);
  return match ? Number(match[3]) : undefined;
};

/** Products matching the whole phrase, else any of its words, at most one answer's worth. */
async function searchCatalogue(db: Db, message: string, maxPrice?: number): Promise<ChatProduct[]> {
  const terms = searchTerms(message);
  if (terms.length === 0) return [];
  const found = new Map<number, ChatProduct>();
  for (const search of terms.length > 1 ? [terms.join(' '), ...terms] : terms) {
    for (const product of await findProducts(db, { search, maxPrice })) found.set(product.id, product);
    if (found.size >= PRODUCTS_PER_ANSWER) break;
  }
  return [...found.values()].slice(0, PRODUCTS_PER_ANSWER);
}

async function orderReply(db: Db, userId: string | null, message: string): Promise<ChatAnswer> {
  if (!userId) return text(SIGN_IN_FOR_ORDERS);
  const number = ORDER_NUMBER.exec(message)?.[0];
  const order = await findOwnOrder(db, userId, number);
  if (!order) return text(number ? ORDER_NOT_FOUND : NO_ORDERS_YET);
  return { response: describeOrder(order), type: 'order', data: { order }, source: 'assistant' };
}

async function specialtyReply(db: Db, specialty: (typeof SPECIALTIES)[number], maxPrice?: number): Promise<ChatAnswer> {
  const products = await findProducts(db, { category: specialty.slug, maxPrice });
  if (products.length) return productReply(`Here are some of our best-rated ${specialty.name} products.`, products);
  return text(`I could not find ${specialty.name} products${maxPrice ? ` under ${money(maxPrice)}` : ''} right now. `
    + 'Browse all categories at /products or ask our team on the contact page (/contact).');
}

/**
 * "A needle holder for microsurgery under $100": every part of the request must hold for every product suggested. A
 * specialty and each concept of the search's concept map (microsurgery, suturing, ...) narrow to their categories or
 * instrument types, the remaining words must be in the product's name, and the price cap applies. Null when the
 * message names fewer than two such things, for the simpler answers below.
 */
async function narrowedReply(db: Db, message: string, specialty: (typeof SPECIALTIES)[number] | undefined, maxPrice?: number): Promise<ChatAnswer | null> {
  const said = message.toLowerCase();
  // A concept that only names the specialty's own category adds nothing to it.
  const concepts = matchConcepts(said).map(({ concept }) => concept)
    .filter((concept) => concept.types?.length || concept.categories?.some((slug) => slug !== specialty?.slug));
  const groups: ProductGroup[] = [...concepts, ...(specialty ? [{ categories: [specialty.slug] }] : [])];
  const conceptWords = new Set(concepts.flatMap((concept) => concept.terms.flatMap((term) => term.split(/\s+/))));
  const nameWords = searchTerms(message)
    .filter((word) => !conceptWords.has(word) && !FOLLOW_UP_WORDS.has(word) && !specialty?.pattern.test(word));
  if (groups.length === 0 || groups.length + nameWords.length < 2) return null;
  const products = await findProductsInAll(db, { groups, nameWords, maxPrice });
  if (products.length) return productReply('Here is what I found in our catalogue.', products);
  const inOrder = [...nameWords].sort((a, b) => said.indexOf(a) - said.indexOf(b));
  const wanted = [...inOrder, ...concepts.map((concept) => `(${concept.label.toLowerCase()})`)].join(' ');
  return text(`I could not find ${wanted}${specialty ? ` for ${specialty.name}` : ''}${maxPrice ? ` under ${money(maxPrice)}` : ''} right now. `
    + 'Browse all categories at /products or ask our team on the contact page (/contact).');
}

async function promoReply(db: Db): Promise<ChatAnswer> {
  const promos = await describeActivePromos(db);
  const codes = promos.length
    ? `Promo codes you can use at checkout today: ${promos.join('; ')}. One code per order.`
    : 'There are no promo codes running right now.';
  return text(`${codes} Hospitals, clinics and distributors also get volume discounts with a business account.`);
}

const isOrderQuestion = (message: string) => ORDER_NUMBER.test(message) || ORDER_WORDS.test(message.toLowerCase());

/** What the conversation had before this message: the customer's earlier messages (latest first) and the page. */
export interface ChatSituation {
  context?: { sender: ChatSender; content: string }[];
  page?: string;
}

/**
 * The built-in assistant: keyword intents answered from the catalogue, the user's own orders, the promo codes and
 * the policies. A follow-up that names nothing itself ("when will it arrive?", "anything cheaper?", "how much is
 * this?") takes its subject from the customer's previous message or from the product page the widget is open on.
 */
export async function answerWithAssistant(db: Db, userId: string | null, message: string, situation: ChatSituation = {}): Promise<ChatAnswer> {
  const said = message.toLowerCase();
  const earlier = (situation.context ?? []).filter((m) => m.sender === 'user').map((m) => m.content).reverse();
  const previous = earlier[0];
  if (isOrderQuestion(message)) return orderReply(db, userId, message);
  const asksForProducts = PRODUCT_WORDS.test(said);
  if (previous && isOrderQuestion(previous) && !asksForProducts && ORDER_FOLLOW_UP.test(said)) {
    return orderReply(db, userId, previous);
  }
  if (PROMO_WORDS.test(said) && !BUSINESS_WORDS.test(said)) return promoReply(db);
  const topics = POLICY_WORDS.filter(({ pattern }) => pattern.test(said));
  if (topics.length) return text(topics.map(({ topic }) => POLICIES[topic]).join('\n\n'));

  const maxPrice = maxPriceIn(said);
  const specialty = SPECIALTIES.find(({ pattern }) => pattern.test(said));
  const narrowed = await narrowedReply(db, message, specialty, maxPrice);
  if (narrowed) return narrowed;
  if (specialty) return specialtyReply(db, specialty, maxPrice);

  if (GREETING_WORDS.test(said) && !asksForProducts) {
    return text('Hello! I can help you find instruments and prices, track your orders, and answer questions about '
      + 'shipping, returns, warranty and certifications. What are you looking for?');
  }
  if (THANKS_WORDS.test(said) && !asksForProducts) return text('You are welcome! Is there anything else I can help with?');

  const ownTerms = searchTerms(message).filter((term) => !FOLLOW_UP_WORDS.has(term));
  const wantsAlternatives = /\b(similar|alternatives?|other|others|else|cheaper)\b/.test(said);
  const followUp = ownTerms.length === 0 && (REFERS_BACK.test(said) || asksForProducts || wantsAlternatives || maxPrice !== undefined);
  const viewed = followUp ? await findViewedProduct(db, situation.page) : null;
  if (viewed) {
    const { categorySlug, priceMax, ...product } = viewed;
    const cheaper = /\bcheaper\b/.test(said);
    if (!wantsAlternatives && maxPrice === undefined) {
      return productReply(priceMax > product.price
        ? `The ${product.name} costs ${money(product.price)} to ${money(priceMax)}, depending on the size or version.`
        : `The ${product.name} costs ${money(product.price)}.`, [product]);
    }
    const limit = cheaper ? Math.min(product.price - 0.01, maxPrice ?? Infinity) : maxPrice;
    const others = (await findProducts(db, { category: categorySlug, maxPrice: limit, limit: PRODUCTS_PER_ANSWER + 1 }))
      .filter((p) => p.id !== product.id).slice(0, PRODUCTS_PER_ANSWER);
    const price = cheaper ? ` for less than ${money(product.price)}` : maxPrice ? ` under ${money(maxPrice)}` : '';
    if (others.length) return productReply(`Here are other ${product.category} products${price}.`, others);
    return text(`I could not find other ${product.category} products${price} right now. Browse all categories at /products.`);
  }

  let products = await searchCatalogue(db, message, maxPrice);
  if (!products.length && followUp && previous) {
    // "Anything under $300?" after "neurosurgery instruments": the earlier subject, with this message's price limit.
    const earlierSpecialty = SPECIALTIES.find(({ pattern }) => pattern.test(previous.toLowerCase()));
    if (earlierSpecialty) return specialtyReply(db, earlierSpecialty, maxPrice);
    products = await searchCatalogue(db, previous, maxPrice);
  }
  if (products.length) return productReply('Here is what I found in our catalogue.', products);
  if (asksForProducts) {
    const popular = await findProducts(db, { maxPrice });
    if (popular.length) {
      return productReply(searchTerms(message).length
        ? 'I could not find an exact match, but these are our best-rated products.'
        : 'These are some of our best-rated products.', popular);
    }
  }
  if (CONTACT_WORDS.test(said)) return text(POLICIES.contact);
  return text(HAND_OVER);
}
