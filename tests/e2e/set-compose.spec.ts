import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { gtinCheckDigit } from '../../src/contracts/gs1.ts';
import { payByCard } from './support/checkout.ts';
import { bearer, catalogueSession, registerAccount, shoot, signIn, signedInPage, staffSession, type Session } from './support/session.ts';

/** An active one-variant instrument made through the staff API, with 20 units of one lot received by the owner. */
async function instrument(request: APIRequestContext, manager: Session, owner: Session, categoryId: number, part: { name: string; code: string; price: string }) {
  const created = await request.post('/api/staff/products/', {
    headers: bearer(manager),
    data: { name: part.name, brand: 'Sialkot Surgical', category_id: categoryId, instrument_type: 'Instrument', status: 'active', variants: [{ model_number: part.code, price: part.price }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: number; variants: { id: number }[] };
  const gtin = `0890${String(Date.now() % 1e9).padStart(9, '0')}`;
  const received = await request.post(`/api/inventory/${product.id}/movements/create/`, {
    headers: bearer(owner),
    data: { kind: 'receive', quantity: 20, reason: 'First delivery', variantId: product.variants[0].id, gs1: `(01)${gtin}${gtinCheckDigit(gtin)}(17)291231(10)${part.code}-L1` },
  });
  expect(received.status(), await received.text()).toBe(201);
}

test('a catalogue manager composes a set with an optional and an alternative component, its stock follows its components; a hospital buyer takes the alternative, pays the difference, and the order names each component\'s lot', async ({
  page, request, browser, baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  // Instruments of their own per project and run, so that both widths and repeated runs can share one shop.
  const word = `${testInfo.project.name === 'mobile' ? 'Quorvel' : 'Zantrik'}${Date.now().toString(36)}`;
  const code = word.slice(-6).toUpperCase();
  const manager = await catalogueSession(request, testInfo);
  const owner = await staffSession(request);
  const categories = (await (await request.get('/api/products/categories/')).json()) as { id: number; name: string }[];
  const categoryId = categories.find((category) => category.name === 'General Surgery')!.id;
  const parts = [
    { name: `${word} Mayo Scissors`, code: `${code}-SC`, price: '20.00' },
    { name: `${word} Adson Forceps`, code: `${code}-AF`, price: '20.00' },
    { name: `${word} Kelly Forceps`, code: `${code}-KF`, price: '25.00' },
    { name: `${word} Instrument Tray`, code: `${code}-TR`, price: '20.00' },
  ];
  for (const part of parts) await instrument(request, manager, owner, categoryId, part);

  await signIn(page, manager);
  await page.goto('/staff/products/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(`${word} Basic Laparotomy Set`);
  await page.getByRole('combobox', { name: /^Category/ }).selectOption({ label: 'General Surgery' });
  await page.getByRole('textbox', { name: /^Brand/ }).fill('Sialkot Surgical');
  await page.getByRole('textbox', { name: /^Instrument type/ }).fill('Set');
  await page.getByRole('textbox', { name: /^Private-label minimum/ }).fill('50');
  await page.getByRole('combobox', { name: /^Status/ }).selectOption('active');
  const row = page.getByTestId('variant-row');
  await row.getByRole('textbox', { name: /^Catalogue number/ }).fill(`${code}-SET`);
  await row.getByRole('textbox', { name: /^Price/ }).fill('240.00');

  await row.getByRole('button', { name: 'Make a set' }).click();
  const contents = row.getByTestId('set-contents');
  const add = async (part: { name: string; code: string }) => {
    await contents.getByRole('searchbox', { name: 'Add a component' }).fill(part.code);
    await contents.getByRole('button', { name: new RegExp(part.name) }).click();
  };
  for (const part of parts) await add(part);
  const components = contents.getByTestId('set-component');
  await expect(components).toHaveCount(4);
  // Two scissors per set; three Adson forceps the buyer may leave out, or take three Kelly forceps instead; one tray.
  await components.nth(0).getByRole('textbox', { name: 'Quantity' }).fill('2');
  await components.nth(1).getByRole('textbox', { name: 'Quantity' }).fill('3');
  await components.nth(1).getByRole('combobox', { name: 'Role' }).selectOption('optional');
  await components.nth(2).getByRole('textbox', { name: 'Quantity' }).fill('3');
  await components.nth(2).getByRole('combobox', { name: 'Role' }).selectOption('alternative');
  await components.nth(2).getByRole('combobox', { name: 'Replaces' }).selectOption({ label: `${parts[1].name} (${parts[1].code})` });
  await components.nth(3).getByRole('checkbox', { name: 'Tray or container' }).check();

  await row.getByRole('button', { name: 'Regulatory' }).click();
  const regulatory = row.getByTestId('variant-regulatory');
  await regulatory.getByRole('textbox', { name: 'GMDN code' }).fill('35209');
  await regulatory.getByRole('combobox', { name: 'Sterility' }).selectOption('sterilise_before_use');
  await regulatory.getByRole('combobox', { name: 'Use' }).selectOption('reusable');
  await shoot(page, testInfo, `set-compose-editor-${testInfo.project.name}`);

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product saved').first()).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/products\/\d+$/);
  const productId = Number(new URL(page.url()).pathname.split('/').pop());
  // min(20 / 2 scissors, 20 / 3 Adson forceps, 20 trays): the Kelly forceps are only an alternative.
  await expect(page.getByTestId('variant-row')).toContainText('6 available');
  await expect(page.getByTestId('variant-row').getByRole('button', { name: 'Set of 4' })).toBeVisible();

  const saved = (await (await request.get(`/api/staff/products/${productId}/`, { headers: bearer(manager) })).json()) as {
    private_label_moq: number;
    variants: { available_stock: number; components: { model_number: string; quantity: number; role: string; is_container: boolean }[]; regulatory: { gmdn_code: string } }[];
  };
  expect(saved.private_label_moq).toBe(50);
  expect(saved.variants[0].regulatory.gmdn_code).toBe('35209');
  expect(saved.variants[0].components.map((c) => [c.model_number, c.quantity, c.role, c.is_container])).toEqual([
    [parts[0].code, 2, 'standard', false], [parts[1].code, 3, 'optional', false], [parts[2].code, 3, 'alternative', false], [parts[3].code, 1, 'standard', true],
  ]);

  // The tray runs short: the set follows at once.
  const tray = (await (await request.get(`/api/staff/products/?search=${parts[3].code}`, { headers: bearer(manager) })).json()) as { results: { id: number }[] };
  const writtenOff = await request.post(`/api/inventory/${tray.results[0].id}/movements/create/`, {
    headers: bearer(owner), data: { kind: 'damage', quantity: 18, reason: 'Dented in transit' },
  });
  expect(writtenOff.status(), await writtenOff.text()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('variant-row')).toContainText('2 available');

  // A hospital buyer takes three Kelly forceps instead of the Adson: 240 + 3 × (25 − 20) = 255 a set.
  const { session } = await registerAccount(request, testInfo, 'business');
  const buyer = await signedInPage(browser, baseURL!, session, testInfo.project.use.viewport ?? undefined);
  const { slug } = (await (await request.get(`/api/staff/products/${productId}/`, { headers: bearer(manager) })).json()) as { slug: string };
  await buyer.goto(`/products/${slug}`);
  await expect(buyer.getByRole('heading', { name: 'What is in this set' })).toBeVisible();
  const customiser = buyer.getByTestId('set-customiser');
  await expect(customiser.getByTestId('set-price')).toContainText('$240.00');
  await customiser.getByRole('combobox').selectOption({ label: `3× ${parts[2].name}` });
  await expect(customiser.getByTestId('set-price')).toContainText('$255.00');
  await shoot(buyer, testInfo, `set-buy-product-${testInfo.project.name}`);
  await customiser.getByRole('button', { name: 'Add my set to cart' }).click();
  await buyer.goto('/cart');
  await expect(buyer.getByText('$255.00').first()).toBeVisible();
  await payByCard(buyer);
  await buyer.goto('/orders');
  await buyer.getByRole('button', { name: 'View Details' }).first().click();
  const bought = buyer.getByTestId('set-line-contents');
  await expect(bought).toContainText(`Lot ${parts[2].code}-L1`);
  await expect(bought).toContainText(`Lot ${parts[0].code}-L1`);
  await expect(bought).not.toContainText(parts[1].name);
  await shoot(buyer, testInfo, `set-buy-order-${testInfo.project.name}`);

  await page.goto(`/staff/products/${productId}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('variant-row').getByRole('button', { name: /^مجموعة من/ }).click();
  await expect(page.getByTestId('set-component')).toHaveCount(4);
  await shoot(page, testInfo, `set-compose-editor-ar-${testInfo.project.name}`);
});
