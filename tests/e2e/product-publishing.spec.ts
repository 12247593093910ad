import { expect, test } from './fixtures.ts';
import { bearer, staffSession } from './support/session.ts';

const DESCRIPTION = '<h3>In the theatre</h3><p>Holds the <strong>mitral</strong> leaflet without crushing it.</p>'
  + '<ul><li>Atraumatic jaws</li><li>Ratchet lock</li></ul><p><a href="https://example.com/ifu">Instructions for use</a></p>'
  + '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';

test('a product staff create stays hidden as a draft, shows once published with its formatted description, and its old address leads to its new one',
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const staff = bearer(await staffSession(request));
    const run = testInfo.project.name;
    const [category] = await (await request.get('/api/products/categories/')).json();
    const created = await request.post('/api/staff/products/', {
      headers: staff,
      data: {
        name: 'E2E Mitral Valve Retractor', brand: 'Sialkot Surgical', category_id: category.id, instrument_type: 'retractor',
        description: DESCRIPTION, status: 'draft',
        options: [{ name: 'Blade', values: ['Small', 'Large'] }],
        variants: [
          { options: { Blade: 'Small' }, model_number: `E2E-MVR-S-${run}`, price: '120.00' },
          { options: { Blade: 'Large' }, model_number: `E2E-MVR-L-${run}`, price: '135.00' },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = await created.json();

    // A draft is not on sale: its page answers 404 (the page itself would show Product not found).
    expect((await request.get(`/api/products/${product.slug}/`)).status()).toBe(404);

    const published = await request.patch(`/api/staff/products/${product.id}/`, {
      headers: staff, data: { status: 'active', updated_at: product.updated_at },
    });
    expect(published.status()).toBe(200);
    await page.goto(`/products/${product.slug}`);
    await expect(page.getByRole('heading', { name: 'E2E Mitral Valve Retractor', level: 1 })).toBeVisible();
    const description = page.getByRole('tabpanel', { name: 'Description' });
    await expect(description.getByRole('heading', { name: 'In the theatre' })).toBeVisible();
    await expect(description.locator('strong')).toHaveText('mitral');
    await expect(description.getByRole('listitem')).toHaveText(['Atraumatic jaws', 'Ratchet lock']);
    await expect(description.getByRole('link', { name: 'Instructions for use' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    await description.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('description-en.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('shop.locale', 'ar'));
    await page.reload();
    // The tab's name is Arabic now; the description itself is as written.
    const arabicPanel = page.getByRole('tabpanel');
    await expect(arabicPanel.locator('strong')).toHaveText('mitral');
    await arabicPanel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('description-ar.png'), fullPage: true });

    const renamed = await request.patch(`/api/staff/products/${product.id}/`, {
      headers: staff, data: { slug: `e2e-mitral-retractor-${run}`, updated_at: (await published.json()).updated_at },
    });
    expect(renamed.status()).toBe(200);
    await page.goto(`/products/${product.slug}`);
    await expect(page).toHaveURL(new RegExp(`/products/e2e-mitral-retractor-${run}$`));
    await expect(page.getByRole('heading', { name: 'E2E Mitral Valve Retractor', level: 1 })).toBeVisible();
  });
