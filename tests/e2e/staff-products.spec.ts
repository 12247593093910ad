import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { bearer, catalogueSession, registerAccount, shoot, signedInPage, signIn, staffSession, type Session } from './support/session.ts';
import { payByCard } from './support/checkout.ts';

const LENGTHS = ['14 cm', '18 cm'];
const TIPS = ['Straight', 'Curved'];
const JAWS = 'Jaws closed, side view';
const HANDLES = 'Ring handles and ratchet';

/** Adds an option and its values in the editor, as staff type them. */
async function addOption(page: Page, name: string, values: string[]) {
  await page.getByRole('button', { name: 'Add option' }).click();
  const option = page.getByTestId('product-option').last();
  await option.getByRole('textbox', { name: /^Option name/ }).fill(name);
  for (const value of values) {
    const box = option.getByRole('textbox', { name: `New value for Values of ${name}` });
    await box.fill(value);
    await box.press('Enter');
  }
}

/** A photo of its own colour: a file the shop already has would be found again instead of added. */
const photo = () => sharp({
  create: { width: 1200, height: 900, channels: 3, background: { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: 60 } },
}).png().toBuffer();

/** Two described photos uploaded in the editor, then the second put first with the keyboard, its new place announced. */
async function uploadPhotos(page: Page) {
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText('No photos yet.')).toBeVisible();
  await photos.getByLabel('Choose photos').setInputFiles([
    { name: 'e2e-jaws.png', mimeType: 'image/png', buffer: await photo() },
    { name: 'e2e-handles.png', mimeType: 'image/png', buffer: await photo() },
  ]);
  await photos.getByRole('textbox', { name: /^Description \(alt text\) of e2e-jaws\.png/ }).fill(JAWS);
  await photos.getByRole('textbox', { name: /^Description \(alt text\) of e2e-handles\.png/ }).fill(HANDLES);
  await photos.getByRole('button', { name: 'Upload 2 photos' }).click();
  await expect(photos.getByTestId('queued-photo')).toHaveCount(0, { timeout: 30_000 });
  const gallery = photos.getByTestId('gallery-photo');
  await expect(gallery).toHaveCount(2);
  await expect(gallery.first().getByRole('textbox')).toHaveValue(JAWS);

  await photos.getByRole('button', { name: 'Move photo 2 earlier' }).focus();
  await page.keyboard.press('Enter');
  await expect(photos.getByRole('status')).toHaveText('Photo moved to position 1 of 2');
  await expect(gallery.first().getByRole('textbox')).toHaveValue(HANDLES);
  await expect(gallery.last().getByRole('textbox')).toHaveValue(JAWS);
}

/** Stock for every variant, received through the inventory API as a delivery would be. */
async function receiveStock(request: APIRequestContext, staff: Session, productId: number, variantIds: number[]) {
  for (const variantId of variantIds) {
    const received = await request.post(`/api/inventory/${productId}/movements/create/`, {
      headers: bearer(staff), data: { kind: 'receive', quantity: 20, reason: 'First delivery', variantId },
    });
    expect(received.status(), await received.text()).toBe(201);
  }
}

test('a catalogue manager creates a product in two options and four variants, adds two photos and publishes it; a buyer finds it by search and buys one size', async ({ page, request, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  // A product of its own per project and run, so that both widths and repeated runs can share one shop.
  const word = `${testInfo.project.name === 'mobile' ? 'Varnelio' : 'Kelvorant'}${Date.now().toString(36)}`;
  const name = `${word} Needle Holder`;
  const prefix = word.slice(-6).toUpperCase();
  const manager = await catalogueSession(request, testInfo);
  await signIn(page, manager);

  await page.goto('/staff/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page).toHaveURL(/\/staff\/products\/new$/);

  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Short description/ }).fill('Mayo-Hegar pattern with tungsten carbide inserts.');
  await page.getByRole('textbox', { name: 'Description', exact: true }).click();
  await page.keyboard.type('Forged from German stainless steel.');
  await page.keyboard.press('Enter');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Tungsten carbide inserts');
  await page.getByRole('combobox', { name: /^Category/ }).selectOption({ label: 'General Surgery' });
  await page.getByRole('textbox', { name: /^Brand/ }).fill('Sialkot Surgical');
  await page.getByRole('textbox', { name: /^Instrument type/ }).fill('Needle Holder');

  await addOption(page, 'Length', LENGTHS);
  await addOption(page, 'Tip', TIPS);
  await page.getByRole('button', { name: 'Generate variants' }).click();
  const rows = page.getByTestId('variant-row');
  await expect(rows).toHaveCount(4);
  const combinations = LENGTHS.flatMap((length) => TIPS.map((tip) => ({ length, tip })));
  for (const [index, { length, tip }] of combinations.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(`${length} / ${tip}`);
    await row.getByRole('textbox', { name: /^Catalogue number/ }).fill(`${prefix}-${length.slice(0, 2)}${tip[0]}`);
    await row.getByRole('textbox', { name: /^Price/ }).fill(`${30 + index * 2}.50`);
  }
  await shoot(page, testInfo, `staff-product-editor-${testInfo.project.name}`);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product saved').first()).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/products\/\d+$/);
  const productId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('textbox', { name: 'Description', exact: true }).getByRole('listitem')).toHaveText('Tungsten carbide inserts');
  await expect(page.getByTestId('audit-entry').first()).toContainText('Created it.');

  await uploadPhotos(page);
  await shoot(page, testInfo, `staff-product-photos-${testInfo.project.name}`);

  // Back to the list: find the draft and publish it.
  await page.getByRole('link', { name: 'All products' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  const listed = page.getByTestId('staff-product-row').filter({ hasText: name });
  await expect(listed).toContainText('Draft');
  await expect(listed).toContainText('4 variants');
  await listed.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('region', { name: 'Actions on the selected products' }).getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish products' });
  await expect(confirm).toContainText('Publish 1 product? Buyers will see it in the shop.');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(listed).toContainText('Active');
  await shoot(page, testInfo, `staff-products-list-${testInfo.project.name}`);

  const detail = (await (await request.get(`/api/staff/products/${productId}/`, { headers: bearer(manager) })).json()) as {
    slug: string; variants: { id: number; options: Record<string, string>; label: string; model_number: string }[];
  };
  expect(detail.variants.map((variant) => variant.model_number).sort())
    .toEqual(combinations.map(({ length, tip }) => `${prefix}-${length.slice(0, 2)}${tip[0]}`).sort());
  // Catalogue managers do not receive stock: the delivery is booked by the owner.
  await receiveStock(request, await staffSession(request), productId, detail.variants.map((variant) => variant.id));

  // A fresh buyer finds the product by search and buys the 18 cm curved one.
  const { session } = await registerAccount(request, testInfo, 'individual', { firstName: 'Hina' });
  const buyer = await signedInPage(browser, baseURL!, session, page.viewportSize() ?? undefined);
  await buyer.goto(`/search?q=${encodeURIComponent(name)}`);
  await buyer.getByRole('list', { name: 'Search results' }).getByRole('link', { name }).first().click();
  await expect(buyer).toHaveURL(new RegExp(`/products/${detail.slug}`));
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();

  // The photo put first is the main picture, offered as AVIF and WebP; the other one follows with its description.
  const main = buyer.locator('picture').filter({ has: buyer.getByRole('img', { name, exact: true }) });
  await expect(main.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/media\/photos\/\d+\/320\.avif 320w/);
  await expect(main.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/media\/photos\/\d+\/960\.webp 960w/);
  await expect.poll(() => main.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await buyer.getByRole('button', { name: 'Show image 2 of 2' }).click();
  await expect(buyer.locator('picture').getByRole('img', { name: JAWS, exact: true })).toBeVisible();
  await shoot(buyer, testInfo, `buyer-product-photos-${testInfo.project.name}`);
  const wanted = detail.variants.find((variant) => variant.options.Length === '18 cm' && variant.options.Tip === 'Curved')!;
  for (const [option, value] of Object.entries(wanted.options)) {
    const group = buyer.getByRole('group', { name: new RegExp(`^${option}`) });
    await group.locator('label').filter({ has: buyer.getByRole('radio', { name: value, exact: true }) }).click();
  }
  await expect(buyer.getByText(wanted.model_number, { exact: true }).first()).toBeVisible();
  await buyer.getByRole('button', { name: `Add to Cart: ${name}`, exact: true }).first().click();
  await expect(buyer.getByText('Added to cart').first()).toBeVisible();
  await payByCard(buyer, 'Hina Surgeon');

  const orders = (await (await request.get('/api/orders/', { headers: bearer(session) })).json()) as {
    orders: { items: { variantId: number; variantLabel: string }[] }[];
  };
  expect(orders.orders[0]!.items).toEqual([expect.objectContaining({ variantId: wanted.id, variantLabel: wanted.label })]);
  await buyer.context().close();
});
