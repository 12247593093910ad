import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerAccount, signIn } from './support/session.ts';

/** Presses Tab until the element matching `selector` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, selector: string, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focused element draws a visible focus indicator: an outline or a ring (box-shadow). */
const focusIsVisible = (page: Page) => page.evaluate(() => {
  const style = getComputedStyle(document.activeElement!);
  return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
});

test('every control reached by Tab shows where the focus is', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
  for (let i = 0; i < 25; i++) {
    const described = await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim().slice(0, 30)}`);
    expect(await focusIsVisible(page), `focus ring on ${described}`).toBe(true);
    await page.keyboard.press('Tab');
  }
});

test('the chat widget works by keyboard alone', async ({ page }) => {
  // The chat button comes last: the test tabs through the whole home page, twice.
  test.slow();
  await page.goto('/');
  await tabTo(page, '[aria-label="Open chat assistant"]');
  await page.keyboard.press('Enter');
  const input = page.getByRole('dialog', { name: 'Chat assistant' }).getByRole('textbox');
  await expect(input).toBeFocused();
  await page.keyboard.type('What is your return policy?');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log', { name: 'Conversation' }).getByText(/return/i).nth(1)).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Restore chat' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();
  await tabTo(page, '[aria-label="Close chat"]');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Open chat assistant' })).toBeFocused();
});

test('menus and dialogs open, move and close by keyboard, giving the focus back', async ({ page, request }, testInfo) => {
  const { session } = await registerAccount(request, testInfo, 'individual', { verify: false });
  await signIn(page, session);
  await page.goto('/');
  if (testInfo.project.name === 'mobile') {
    await tabTo(page, '[aria-label="Open menu"]');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  }
  await tabTo(page, '[aria-label^="Account menu for"]');
  await page.keyboard.press('Enter');
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeFocused();
});
