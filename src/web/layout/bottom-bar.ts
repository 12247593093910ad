import { useEffect, type RefObject } from 'react';

/**
 * The height of a bar fixed at the bottom of the viewport (the product page's Add to Cart bar, the product editor's save bar), published as the
 * `--bottom-bar` custom property on <html> so the chat button, the toasts and the footer's padding move above it.
 */
export const BOTTOM_BAR_VAR = '--bottom-bar';

/** Padding under a footer's last line, so the floating chat button (and a bottom bar) never sit on it. */
export const CLEAR_FLOATING = 'pb-[calc(5rem+var(--bottom-bar,0px))]';

export function setBottomBar(height: number | null): void {
  const style = document.documentElement.style;
  if (height === null) style.removeProperty(BOTTOM_BAR_VAR);
  else style.setProperty(BOTTOM_BAR_VAR, `${height}px`);
}

/** Publishes the bar's height while it is shown (and as it resizes), and takes it back when the bar goes. */
export function useBottomBar(bar: RefObject<HTMLElement | null>, shown = true): void {
  useEffect(() => {
    const element = bar.current;
    // A bar hidden by CSS (at some widths) has no height, and pushes nothing up.
    if (!shown || !element) return;
    const publish = () => setBottomBar(element.offsetHeight || null);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      setBottomBar(null);
    };
  }, [bar, shown]);
}
