export const CART_BADGE_CAP = 99;

export function cartBadgeLabel(count: number): string {
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(count);
}

/** The item count on the cart icon; nothing at all for an empty cart. */
export function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="cart-badge"
      className="absolute -top-1 -end-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
    >
      {cartBadgeLabel(count)}
    </span>
  );
}
