import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ProductDetail, ProductVariant } from '#contracts/catalog';
import { withVariant } from './with-variant.ts';
import { ProductBuyButton } from '../cart/product-buy-button.tsx';
import { useBottomBar } from '../layout/bottom-bar.ts';
import { cx } from '../lib/class-names.ts';
import { PriceTag } from './price-tag.tsx';
import { useTranslated } from '../i18n/translated.ts';

/** The bar shows once the page's own buy button has scrolled out of view above, not before the buyer reaches it. */
export function stickyBarShown(buttonRow: { bottom: number }): boolean {
  return buttonRow.bottom < 0;
}

/**
 * True while `target` is scrolled out of view above the viewport. Read on scroll (once a frame) rather than through an
 * IntersectionObserver, which says nothing when one jump takes the element from below the viewport to above it.
 */
export function useScrolledPast(target: RefObject<Element | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(stickyBarShown(element.getBoundingClientRect()));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [target]);
  return past;
}

/**
 * Phones only: price and the same buy button as the page (Add to Cart, Notify When Available, or whatever state the
 * button has), fixed at the bottom once the page's own button is out of view.
 */
export function StickyBuyBar({ product, variant, quantity, shown }: {
  product: ProductDetail;
  /** The size chosen on the page, for a product sold in several. */
  variant?: ProductVariant;
  quantity: number;
  shown: boolean;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const translated = useTranslated();
  useBottomBar(bar, shown);

  return (
    <div
      ref={bar}
      data-testid="sticky-buy-bar"
      hidden={!shown}
      className={cx(
        'fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-2.5 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:hidden',
        'pb-[max(0.625rem,env(safe-area-inset-bottom))]',
      )}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate text-xs text-slate-600">{withVariant(product.name, variant ? translated(variant.label, variant.label_translations) : '')}</p>
          <PriceTag price={variant?.price ?? product.price} originalPrice={variant ? variant.original_price : product.original_price} />
        </div>
        <ProductBuyButton product={product} variantId={variant?.id ?? product.variants[0]?.id} quantity={quantity} size="md" className="shrink-0" />
      </div>
    </div>
  );
}
