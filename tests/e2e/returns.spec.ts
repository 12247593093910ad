import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { deliveredOrder } from './support/delivered-order.ts';
import { SCREENSHOTS, type Session, shoot, signedInPage, signIn, staffSession } from './support/session.ts';

const widthOf = (testInfo: TestInfo) => (testInfo.project.name === 'mobile' ? 390 : 1280);

/** The buyer's order page, found as a buyer finds it: by its number in the quick lookup. */
async function openOrder(buyer: Page, orderNumber: string, lang: 'en' | 'ar' = 'en') {
  await buyer.goto(lang === 'en' ? '/orders' : '/orders?lang=ar');
  const lookup = buyer.getByRole('textbox').first();
  await lookup.fill(orderNumber);
  await lookup.press('Enter');
  await expect(buyer.getByRole('heading', { name: orderNumber })).toBeVisible();
}

const returnWords = { en: { button: 'Return items', form: 'Return items from' }, ar: { button: 'إرجاع منتجات', form: 'إرجاع منتجات من' } } as const;

/** The buyer, signed in, opens the order and its return form. */
async function startReturn(buyer: Page, session: Session, orderNumber: string, lang: 'en' | 'ar' = 'en') {
  await signIn(buyer, session);
  await openOrder(buyer, orderNumber, lang);
  await buyer.getByRole('button', { name: returnWords[lang].button }).click();
  return buyer.getByRole('form', { name: `${returnWords[lang].form} ${orderNumber}` });
}

/** The staff returns page, signed in as the shop's owner at the project's width. */
async function staffReturnsPage(browser: Browser, request: APIRequestContext, baseURL: string, testInfo: TestInfo, lang: 'en' | 'ar' = 'en') {
  const staff = await signedInPage(browser, baseURL, await staffSession(request), { width: widthOf(testInfo), height: 900 });
  await staff.goto(lang === 'en' ? '/staff/returns' : '/staff/returns?lang=ar');
  return staff;
}

/** A product sold in several sizes, two of them or more in stock, that needs no licence to buy. */
async function productWithSizes(request: APIRequestContext) {
  const { results } = (await (await request.get('/api/products/?in_stock=true&ordering=name&page_size=100')).json()) as {
    results: { id: number; slug: string; variant_count: number; licence_required: boolean }[];
  };
  for (const product of results.filter((row) => row.variant_count >= 2 && !row.licence_required)) {
    const detail = (await (await request.get(`/api/products/${product.slug}/`)).json()) as { variants: { available_stock: number }[] };
    if (detail.variants.filter((variant) => variant.available_stock >= 2).length >= 2) return product;
  }
  throw new Error('The demo catalogue has no product with two sizes in stock.');
}

/** The buyer sends the filled return form; answers the RMA number the page confirms. */
async function sendReturn(buyer: Page, form: Locator, send: string, confirmed: RegExp) {
  await form.getByRole('button', { name: send }).click();
  const requested = buyer.getByRole('status').filter({ hasText: confirmed });
  await expect(requested).toBeVisible();
  return /RMA-\d+/.exec((await requested.textContent())!)![0];
}

const returnCard = (staff: Page, rma: string) => staff.getByTestId('return-card').filter({ has: staff.getByRole('heading', { name: rma }) });

/** Staff approve the return with drop-off instructions and record all its units as restocked. */
async function approveAndReceive(staff: Page, rma: string) {
  const card = returnCard(staff, rma);
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = card.getByRole('form', { name: `Approve ${rma}` });
  await approve.getByRole('radio', { name: 'Drop-off instructions' }).check();
  await approve.getByRole('textbox', { name: /^Instructions/ }).fill('Hand the parcel in at the Sialkot works gate, 9:00–17:00 on weekdays.');
  await approve.getByRole('button', { name: 'Approve return' }).click();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Drop-off: Hand the parcel in/)).toBeVisible();

  await card.getByRole('button', { name: 'Receive' }).click();
  const receive = card.getByRole('form', { name: `Receive ${rma}` });
  await receive.getByRole('combobox', { name: /^Disposition/ }).selectOption('restock');
  await receive.getByRole('button', { name: 'Record receipt' }).click();
  await expect(card.getByText('Received', { exact: true })).toBeVisible();
  await expect(card.getByText(/^1 received: Restock/)).toBeVisible();
  return card;
}

test('a buyer returns one of two units as damaged; staff approve, restock and refund it; the buyer downloads the credit note', async ({
  browser, page, request, baseURL,
}, testInfo) => {
  const width = widthOf(testInfo);
  const { session, orderNumber } = await deliveredOrder(request, testInfo, { quantity: 2 });
  const form = await startReturn(page, session, orderNumber);
  await form.getByRole('spinbutton', { name: 'Units to return (up to 2)' }).fill('1');
  await form.getByRole('combobox', { name: /^Reason/ }).selectOption('damaged');
  await form.getByRole('textbox', { name: 'Comment' }).fill('The jaws of one forceps arrived bent.');
  await shoot(page, testInfo, `return-form-${width}`);
  const rma = await sendReturn(page, form, 'Send return request', /^Return RMA-\d+ requested/);
  const mine = page.getByRole('article', { name: `Return ${rma}` });
  await expect(mine.getByText('Requested', { exact: true })).toBeVisible();

  const staff = await staffReturnsPage(browser, request, baseURL!, testInfo);
  const card = returnCard(staff, rma);
  await expect(card).toContainText(orderNumber);
  await expect(card).toContainText('Damaged');
  await expect(card).toContainText('The jaws of one forceps arrived bent.');
  await shoot(staff, testInfo, `staff-returns-${width}`);
  await approveAndReceive(staff, rma);

  await card.getByRole('button', { name: 'Resolve' }).click();
  const resolve = card.getByRole('form', { name: `Resolve ${rma}` });
  await resolve.getByRole('radio', { name: 'Refund to the original payment' }).check();
  await resolve.getByRole('button', { name: 'Resolve return' }).click();
  // The sandbox's card payments are refunded by hand: staff return the money by transfer and give its reference.
  await resolve.getByRole('textbox', { name: /^Transfer reference/ }).fill('IBFT-RMA-20261130');
  await resolve.getByRole('button', { name: 'Resolve return' }).click();
  await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(card.getByText('Settled: Refund to the original payment')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Credit note CN-/ })).toBeVisible();
  await shoot(staff, testInfo, `staff-returns-resolved-${width}`);

  await openOrder(page, orderNumber);
  await expect(mine.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(mine.getByText('Refunded to your original payment')).toBeVisible();
  const given = (await mine.getByRole('definition').last().textContent())!;
  const refunds = page.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText(`${given} · Refunded by transfer`);
  await expect(refunds.first()).toContainText(`Return ${rma}`);
  const note = mine.getByRole('list', { name: `Credit notes of return ${rma}` }).getByRole('link', { name: /^Credit note CN-.+ \(PDF\)$/ });
  await shoot(page, testInfo, `order-return-resolved-${width}`);

  const downloading = page.waitForEvent('download');
  await note.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^credit-note-CN-[\w-]+\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  if (SCREENSHOTS) await download.saveAs(testInfo.outputPath(download.suggestedFilename()));

  await openOrder(page, orderNumber, 'ar');
  const arabic = page.getByRole('article', { name: `الإرجاع ${rma}` });
  await expect(arabic.getByText('تمت التسوية', { exact: true })).toBeVisible();
  await expect(arabic.getByText('رُدّ المبلغ إلى وسيلة الدفع الأصلية')).toBeVisible();
  await shoot(page, testInfo, `order-return-resolved-ar-${width}`);
});

test('a buyer exchanges an instrument for another size; staff approve, receive and resolve it as an exchange', async ({
  browser, page, request, baseURL,
}, testInfo) => {
  const width = widthOf(testInfo);
  const { session, orderNumber, order } = await deliveredOrder(request, testInfo, { product: await productWithSizes(request) });
  const form = await startReturn(page, session, orderNumber);
  await form.getByRole('spinbutton', { name: 'Units to return (up to 1)' }).fill('1');
  await form.getByRole('combobox', { name: /^Reason/ }).selectOption('wrong_item');
  const exchange = form.getByRole('combobox', { name: 'Exchange for another size' });
  // The size bought is not offered back.
  expect(await exchange.locator('option').allTextContents()).not.toContain(order.items[0].variantLabel);
  await exchange.selectOption({ index: 1 });
  const size = (await exchange.locator('option:checked').textContent())!;
  await shoot(page, testInfo, `return-form-exchange-${width}`);
  const rma = await sendReturn(page, form, 'Send return request', /^Return RMA-\d+ requested/);
  const mine = page.getByRole('article', { name: `Return ${rma}` });
  await expect(mine).toContainText(`exchange for ${size}`);

  const staff = await staffReturnsPage(browser, request, baseURL!, testInfo);
  const card = await approveAndReceive(staff, rma);
  await expect(card).toContainText(`Exchange for ${size}`);
  await card.getByRole('button', { name: 'Resolve' }).click();
  const resolve = card.getByRole('form', { name: `Resolve ${rma}` });
  await resolve.getByRole('radio', { name: 'Exchange' }).check();
  await expect(resolve.getByRole('list', { name: 'Replacements' })).toContainText(size);
  await expect(resolve.getByRole('list', { name: 'Replacements' })).toContainText('asked for by the buyer');
  await resolve.getByRole('button', { name: 'Resolve return' }).click();
  await expect(card.getByText('Settled: Exchange')).toBeVisible();
  const replacement = card.getByText(/^Exchange order SS-/);
  await expect(replacement).toBeVisible();
  const replacementNumber = /SS-\w+/.exec((await replacement.textContent())!)![0];
  await shoot(staff, testInfo, `staff-returns-exchange-${width}`);

  await openOrder(page, orderNumber);
  await expect(mine.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(mine).toContainText(`Exchanged · Replacement order ${replacementNumber}`);
  await expect(mine.getByText('Given back (USD)')).toHaveCount(0);
  await shoot(page, testInfo, `order-return-exchanged-${width}`);
});

test('in Arabic a buyer asks for a return and staff approve it, right to left', async ({ browser, page, request, baseURL }, testInfo) => {
  const width = widthOf(testInfo);
  const { session, orderNumber } = await deliveredOrder(request, testInfo);
  const form = await startReturn(page, session, orderNumber, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await form.getByRole('spinbutton', { name: /^عدد الوحدات المراد إرجاعها/ }).fill('1');
  await form.getByRole('combobox', { name: /^السبب/ }).selectOption('defective');
  await expect(form.getByRole('combobox', { name: /^السبب/ }).locator('option:checked')).toHaveText('معيب');
  await form.getByRole('textbox', { name: 'تعليق' }).fill('المقص لا يُغلق بإحكام.');
  await expect(form.getByText('ما تحتجزه سياسة الإرجاع')).toBeVisible();
  await shoot(page, testInfo, `return-form-ar-${width}`);
  const rma = await sendReturn(page, form, 'إرسال طلب الإرجاع', /^تم طلب الإرجاع/);
  const mine = page.getByRole('article', { name: `الإرجاع ${rma}` });
  await expect(mine.getByText('مطلوب', { exact: true })).toBeVisible();

  const staff = await staffReturnsPage(browser, request, baseURL!, testInfo, 'ar');
  await expect(staff.getByRole('heading', { name: 'المرتجعات', level: 1 })).toBeVisible();
  const card = returnCard(staff, rma);
  await expect(card).toContainText('معيب');
  await expect(card).toContainText('المقص لا يُغلق بإحكام.');
  await card.getByRole('button', { name: 'قبول' }).click();
  const approve = card.getByRole('form', { name: `قبول ${rma}` });
  await approve.getByRole('radio', { name: 'تعليمات التسليم' }).check();
  await approve.getByRole('textbox', { name: /^التعليمات/ }).fill('سلّم الطرد عند بوابة المصنع في سيالكوت من ٩ صباحًا حتى ٥ مساءً.');
  await shoot(staff, testInfo, `staff-returns-approve-ar-${width}`);
  await approve.getByRole('button', { name: 'قبول الإرجاع' }).click();
  await expect(card.getByText('مقبول', { exact: true })).toBeVisible();
  await shoot(staff, testInfo, `staff-returns-ar-${width}`);

  await openOrder(page, orderNumber, 'ar');
  await expect(mine.getByText('تمت الموافقة', { exact: true })).toBeVisible();
  await expect(mine.getByText('تعليمات التسليم')).toBeVisible();
  await expect(mine).toContainText('سلّم الطرد عند بوابة المصنع');
  await shoot(page, testInfo, `order-return-approved-ar-${width}`);
});
