/**
 * The height of a bar fixed at the bottom of the viewport (the product page's Add to Cart bar), published as the
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
