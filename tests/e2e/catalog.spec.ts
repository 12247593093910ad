import { expect, test } from './fixtures.ts';
import { shoot } from './support/session.ts';

test('from a home category card through the filtered catalogue to a product, its documents and reviews', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Instrument categories' }).getByRole('link', { name: /Cardiology/ }).click();

  await expect(page).toHaveURL(/\/products\?category=cardiology$/);
  await expect(page.getByRole('heading', { name: 'Medical Instruments' })).toBeVisible();
  await expect(page.getByText(/^Showing 1–20 of \d+ instruments$/)).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('cardiology');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]category=cardiology(&|$)/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/^Showing 21–(\d+) of \d+ instruments$/)).toBeVisible();
  const firstName = await page.getByRole('article').first().getByRole('heading').textContent();
  expect(firstName).toBeTruthy();
  await expect(page.getByRole('article').first()).toContainText('Cardiology');
  await shoot(page, testInfo, 'catalogue-page-2', { fullPage: false });

  await page.reload();
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(firstName!);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('article').first().getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: firstName! })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Cardiology');
  await expect(page.getByTestId('stock-indicator').first()).toContainText(/available/);
  await expect(page.getByText('Live')).toBeVisible();

  await page.getByRole('tab', { name: /Documents/ }).click();
  const downloadLink = page.getByRole('tabpanel').getByRole('link', { name: /Download/ }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByText('No reviews yet. Be the first to review this product.')).toBeVisible();
  await expect(page.getByText('Only customers who bought this product can review it.')).toBeVisible();
  await shoot(page, testInfo, 'product', { fullPage: false });
});

test('a filtered catalogue link reloads to the same results', async ({ page }) => {
  const url = '/products?category=general-surgery&max_price=99.99&ordering=-price&page=2&view=list';
  await page.goto(url);
  await expect(page.getByLabel('Price range')).toHaveValue('under-100');
  await expect(page.getByLabel('Sort by')).toHaveValue('-price');
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^Showing 21(–\d+)? of \d+ instruments$/)).toBeVisible();
  const names = await page.getByRole('article').getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(names);
});

test('the flash-sale countdown on the home page ticks', async ({ page }) => {
  await page.goto('/');
  const countdown = page.getByTestId('countdown').first();
  await expect(countdown).toHaveText(/^\d{2,}:\d{2}:\d{2}$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before!, { timeout: 2000 });
});

test('the contact form sends a message and confirms it', async ({ page }, testInfo) => {
  await page.goto('/contact?subject=pricing');
  await expect(page.getByLabel(/Subject/)).toHaveValue('pricing');
  await page.getByLabel(/First name/).fill('Ayesha');
  await page.getByLabel(/Last name/).fill('Khan');
  await page.getByLabel(/^Email/).fill(`ayesha.${testInfo.project.name}@example.com`);
  await page.getByLabel(/Company/).fill('Shifa Hospital');
  await page.getByLabel(/Message/).fill('Please quote 40 Mayo scissors for our theatre sets.');
  await page.getByRole('checkbox', { name: /agree to be contacted/ }).check();
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await expect(page.getByText(/We will get back to you within one business day/)).toBeVisible();
  await shoot(page, testInfo, 'contact-sent', { fullPage: false });
});

test('categories lead to a category page with its own search', async ({ page }, testInfo) => {
  await page.goto('/categories');
  await page.getByRole('link', { name: /Neurosurgery/ }).first().click();
  await expect(page).toHaveURL(/\/categories\/neurosurgery$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home\s*\/\s*Categories\s*\/\s*Neurosurgery/);
  await expect(page.getByRole('article').first()).toBeVisible();

  await page.getByPlaceholder('Search in this category...').fill('zzzz-no-such-instrument');
  await expect(page.getByText('No products found in this category')).toBeVisible();
  await expect(page).toHaveURL(/search=zzzz-no-such-instrument/);
  await expect(page.getByRole('link', { name: 'Browse All Categories' })).toHaveAttribute('href', '/categories');
  await shoot(page, testInfo, 'category-empty', { fullPage: false });
});
