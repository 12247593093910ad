import { useEffect, useRef } from 'react';
import type { AddCartItemBody } from '#contracts/cart';
import { useAddToCart } from './use-add-to-cart.ts';

/** Adds what the visitor asked for before signing in, once, with the toast Add to Cart shows; renders nothing. */
export function MakePendingCartAdd({ body }: { body: AddCartItemBody }) {
  const { add } = useAddToCart();
  const made = useRef(false);
  useEffect(() => {
    if (made.current) return;
    made.current = true;
    add(body);
  }, [add, body]);
  return null;
}
