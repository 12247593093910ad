import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight, Package } from 'lucide-react';
import type { ChatOrder, ChatProduct, ChatReply, ChatSender } from '#contracts/chat';
import { cx } from '../lib/class-names.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import { SHORT_DATE } from '../i18n/format.ts';
import { type Format, useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { DataText } from '../components/ui/data-text.tsx';

export interface ChatMessage {
  id: string;
  sender: ChatSender;
  content: string;
  timestamp: Date;
  type: ChatReply['type'];
  data?: ChatReply['data'];
  /** Set when the built-in assistant answered instead of a language model. */
  fallback?: ChatReply['fallback'];
}

/** A calendar day ('2026-03-14') as 'Mar 14, 2026', the same in every time zone. */
const formatDay = (isoDate: string, date: Format['date']) =>
  date(`${isoDate}T00:00:00Z`, { ...SHORT_DATE, timeZone: 'UTC' });

const SHOP_PATHS = /(\/(?:contact|orders|products)\b)/;

/** Text with the shop's own paths (/contact, /orders, /products) as links. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-line">
      {text.split(SHOP_PATHS).map((part, i) => (i % 2 === 1
        ? <Link key={i} to={part} className="font-semibold underline underline-offset-2">{part}</Link>
        : part))}
    </p>
  );
}

function ProductCard({ product }: { product: ChatProduct }) {
  const { price } = useFormat();
  const categoryName = useTranslated();
  return (
    <Link
      to={`/products/${product.slug}`}
      className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
    >
      {product.image
        ? <img src={product.image} alt="" className="h-12 w-12 shrink-0 rounded-md bg-slate-100 object-contain" loading="lazy" />
        : <span className="h-12 w-12 shrink-0 rounded-md bg-slate-100" />}
      <span className="min-w-0 flex-1">
        <DataText as="span" className="line-clamp-2 text-sm leading-snug font-semibold">{product.name}</DataText>
        <DataText as="span" className="block truncate text-xs text-slate-500">
          {categoryName(product.category, product.category_translations)}
        </DataText>
      </span>
      <span className="shrink-0 text-sm font-bold text-brand-800">{price(product.price)}</span>
    </Link>
  );
}

function OrderCard({ order }: { order: ChatOrder }) {
  const f = useFormat();
  const { t } = useTranslation('chat');
  return (
    <Link
      to="/orders"
      className="block rounded-lg border border-slate-200 bg-white p-3 text-slate-900 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-1.5 text-sm font-semibold">
          <Package aria-hidden className="h-4 w-4 text-brand-700" />
          {order.orderNumber}
        </span>
        <OrderStatusBadge status={order.status} />
      </span>
      <span className="mt-2 flex justify-between text-xs text-slate-600">
        <span>{t('total', { amount: f.price(order.total) })}</span>
        {order.estimatedDelivery && <span>{t('arrivesBy', { date: formatDay(order.estimatedDelivery, f.date) })}</span>}
      </span>
      {order.trackingNumber && <span className="mt-1 block text-xs text-slate-600">{t('tracking', { number: order.trackingNumber })}</span>}
      <span className="mt-2 flex items-center text-xs font-semibold text-brand-700">
        {t('viewInOrders')} <ChevronRight aria-hidden className="h-3.5 w-3.5 rtl:-scale-x-100" />
      </span>
    </Link>
  );
}

export function ChatMessageBubble({ message }: { message: ChatMessage }) {
  const fromUser = message.sender === 'user';
  const products = message.data?.products ?? [];
  const order = message.data?.order;
  const { t } = useTranslation('chat');
  return (
    <li className="space-y-2">
      <div className={cx('flex', fromUser ? 'justify-end' : 'justify-start')}>
        <div
          className={cx(
            'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
            fromUser ? 'rounded-ee-sm bg-brand-700 text-white' : 'rounded-es-sm bg-slate-100 text-slate-800',
          )}
        >
          <span className="sr-only">{fromUser ? t('youSaid') : t('assistantSaid')}</span>
          <MessageText text={message.content} />
        </div>
      </div>
      {message.type === 'product' && products.length > 0 && (
        <ul className="space-y-2" aria-label={t('products')}>
          {products.map((product) => <li key={product.id}><ProductCard product={product} /></li>)}
        </ul>
      )}
      {message.type === 'order' && order && <OrderCard order={order} />}
      {message.fallback && <p className="text-xs text-slate-500">{t('answeredBy', { context: message.fallback })}</p>}
    </li>
  );
}

export function TypingIndicator() {
  const { t } = useTranslation('chat');
  return (
    <li className="flex justify-start">
      <div className="flex items-center gap-1 rounded-2xl rounded-es-sm bg-slate-100 px-4 py-3" role="status" aria-label={t('typing')}>
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="h-2 w-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </div>
    </li>
  );
}
