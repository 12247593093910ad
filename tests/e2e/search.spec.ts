import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The top bar's box on desktop; on a phone the Search button opens it in the menu. */
async function openSearch(page: Page, isMobile: boolean) {
  await page.goto('/');
  if (!isMobile) return page.getByRole('banner').getByRole('combobox', { name: 'Search instruments' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  return page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Search instruments' });
}

test('a misspelt instrument name, through a suggestion and the results, to the product', async ({ page, isMobile }) => {
  const box = await openSearch(page, isMobile);
  await box.fill('metzenbam sissors');

  const suggestion = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option', { name: /Metzenbaum/ }).first();
  await expect(suggestion).toBeVisible();
  await suggestion.click();

  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByText('Search completed')).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' });
  const product = results.getByRole('link', { name: /Metzenbaum/ }).first();
  const name = (await product.textContent())!.trim();
  await product.click();

  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('Enter on a misspelt query shows similar-spelling matches with highlights', async ({ page, isMobile }) => {
  const box = await openSearch(page, isMobile);
  await box.fill('metzenbam sissors');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=metzenbam\+sissors$/);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText('Similar spelling');
  await expect(results.locator('mark').first()).toHaveText(/Metzenbaum/i);
});
