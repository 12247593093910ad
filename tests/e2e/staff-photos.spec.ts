import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { signIn, staffSession } from './support/session.ts';

/** A photo of its own colour: a file the product already has would be found again instead of added. */
const photo = () => sharp({
  create: { width: 1200, height: 900, channels: 3, background: { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: 60 } },
}).png().toBuffer();

test('staff upload two described photos, put them first with the keyboard, and the product page offers them as AVIF and WebP',
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, await staffSession(request));
    const [product] = (await (await request.get('/api/products/?category=cardiology&page_size=1')).json()).results;

    await page.goto(`/staff/products/${product.id}`);
    const photos = page.getByRole('region', { name: 'Photos' });
    await expect(photos.getByTestId('gallery-photo').first()).toBeVisible();
    const before = await photos.getByTestId('gallery-photo').count();

    await photos.getByLabel('Choose photos').setInputFiles([
      { name: 'e2e-jaws.png', mimeType: 'image/png', buffer: await photo() },
      { name: 'e2e-handles.png', mimeType: 'image/png', buffer: await photo() },
    ]);
    await photos.getByRole('textbox', { name: /^Description \(alt text\) of e2e-jaws\.png/ }).fill('Jaws closed, side view');
    await photos.getByRole('textbox', { name: /^Description \(alt text\) of e2e-handles\.png/ }).fill('Ring handles and ratchet');
    await photos.getByRole('button', { name: 'Upload 2 photos' }).click();
    await expect(photos.getByTestId('queued-photo')).toHaveCount(0, { timeout: 30_000 });
    const total = before + 2;
    await expect(photos.getByTestId('gallery-photo')).toHaveCount(total);

    // The first upload moves to the front, one place per key press, each new place announced.
    const earlier = photos.getByRole('button', { name: `Move photo ${total - 1} earlier` });
    await earlier.focus();
    for (let position = total - 2; position >= 1; position--) {
      await page.keyboard.press('Enter');
      await expect(photos.getByRole('status')).toHaveText(`Photo moved to position ${position} of ${total}`);
    }
    await expect(photos.getByTestId('gallery-photo').first().getByRole('textbox')).toHaveValue('Jaws closed, side view');
    await page.screenshot({ path: testInfo.outputPath('editor-photos.png'), fullPage: true });

    await page.goto(`/products/${product.slug}`);
    const main = page.locator('picture').first();
    await expect(main.locator('img')).toHaveAttribute('alt', product.name);
    await expect(main.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/media\/photos\/\d+\/320\.avif 320w/);
    await expect(main.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/media\/photos\/\d+\/960\.webp 960w/);
    expect(await main.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath('product-page.png') });
  });
