import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { orderable } from './support/orderable.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession, type Session } from './support/session.ts';

const ADDRESS = {
  email: 'stores@mayo.example', firstName: 'Bilal', lastName: 'Malik', company: 'Mayo Hospital', address: '12 Hospital Road',
  city: 'Lahore', postalCode: '54000', country: 'PK', phone: '+92 300 1234567',
};

/** A verified organisation on Net 30 whose admin has a saved address and a reorder list of one item in stock. */
async function buyerWithList(request: APIRequestContext, testInfo: TestInfo): Promise<{ session: Session; listId: number }> {
  const { session } = await registerAccount(request, testInfo, 'business');
  const buyer = bearer(session);
  let { organisation } = await (await request.get('/api/organisations/mine/', { headers: buyer })).json();
  organisation ??= (await (await request.post('/api/organisations/mine/submit/', { headers: buyer })).json()).organisation;
  const staff = bearer(await staffSession(request));
  expect((await request.post(`/api/staff/organisations/${organisation.id}/approve/`, { headers: staff })).ok()).toBe(true);
  const terms = await request.patch(`/api/staff/organisations/${organisation.id}/`, { headers: staff, data: { payment_terms: 'net30', credit_limit: '50000.00' } });
  expect(terms.ok(), await terms.text()).toBe(true);
  expect((await request.post('/api/addresses/', { headers: buyer, data: { ...ADDRESS, label: 'Stores' } })).status()).toBe(201);
  const [product] = await orderable(request);
  const created = await request.post('/api/reorder-lists', { headers: buyer, data: { name: 'Theatre stores' } });
  const listId = (await created.json()).list.id as number;
  const added = await request.post(`/api/reorder-lists/${listId}/items`, { headers: buyer, data: { product_id: product.id, variant_id: product.variant_id, par_level: 6 } });
  expect(added.ok(), await added.text()).toBe(true);
  return { session, listId };
}

const LANGUAGES = {
  en: {
    heading: 'Standing order', often: 'How often', monthly: 'Every month', po: /PO number/, start: 'Start standing order',
    skip: 'Skip next run', skipped: /skipped; then/, unskip: 'Order the next run after all', stop: 'Stop standing order',
  },
  ar: {
    heading: 'طلب دوري', often: 'عدد المرات', monthly: 'كل شهر', po: /رقم أمر الشراء/, start: 'ابدأ الطلب الدوري',
    skip: 'تخطَّ الدفعة التالية', skipped: /تُخطّيت .+؛ ثم/, unskip: 'اطلب الدفعة التالية رغم ذلك', stop: 'أوقف الطلب الدوري',
  },
} as const;

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`a hospital buyer sets up a standing order on a reorder list, sees the next run and skips it (${language})`, async ({
    browser, request, baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const { session, listId } = await buyerWithList(request, testInfo);
    const page = await signedInPage(browser, baseURL!, session, viewport);
    await page.goto(`/profile/reorder-lists?list=${listId}${language === 'ar' ? '&lang=ar' : ''}`);
    await expect(page.getByRole('heading', { level: 2, name: words.heading })).toBeVisible();

    await page.getByRole('combobox', { name: words.often }).selectOption({ label: words.monthly });
    await page.getByRole('textbox', { name: words.po }).fill('PO-2207');
    await shoot(page, testInfo, `standing-order-form-${language}`);
    await page.getByRole('button', { name: words.start }).click();
    const nextRun = page.getByTestId('next-run');
    await expect(nextRun).toBeVisible();
    await expect(nextRun).not.toHaveText(words.skipped);

    await page.getByRole('button', { name: words.skip }).click();
    await expect(nextRun).toHaveText(words.skipped);
    await expect(page.getByRole('button', { name: words.unskip })).toBeVisible();
    await shoot(page, testInfo, `standing-order-skipped-${language}`);
    const saved = await (await request.get(`/api/reorder-lists/${listId}/standing-order/`, { headers: bearer(session) })).json();
    expect(saved.standing_order).toMatchObject({ frequency: 'monthly', po_number: 'PO-2207', next_run_skipped: true });
    expect(await page.getByRole('button', { name: words.stop }).isVisible()).toBe(true);
  });
}
