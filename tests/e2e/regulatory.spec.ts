import { readFile } from 'node:fs/promises';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import type { ProductDetail } from '../../src/contracts/catalog.ts';
import { expect, test } from './fixtures.ts';
import { shoot, signedInPage, staffSession } from './support/session.ts';

const words = {
  en: {
    tab: 'Regulatory', sterility: 'Supplied non-sterile: sterilise before use', use: 'Reusable after reprocessing',
    mri: 'MR Unsafe: keep out of the MRI scanner room', eifu: /^Open the instructions, version \d+/, export: 'Regulatory CSV (GUDID, EUDAMED)',
  },
  ar: {
    tab: 'تنظيمي', sterility: 'يُورَّد غير معقّم: يُعقَّم قبل الاستخدام', use: 'قابل لإعادة الاستخدام بعد إعادة المعالجة',
    mri: 'غير آمن (MR Unsafe): يُبقى خارج غرفة جهاز الرنين المغناطيسي', eifu: /^افتح التعليمات، الإصدار/, export: 'ملف CSV التنظيمي (GUDID وEUDAMED)',
  },
} as const;

const widthOf = (testInfo: TestInfo) => (testInfo.project.name === 'mobile' ? { width: 390, height: 844 } : { width: 1280, height: 900 });

/** A product on sale whose first variant has its instructions for use online. */
async function productWithEifu(request: APIRequestContext): Promise<ProductDetail> {
  const { results } = (await (await request.get('/api/products/?ordering=name&page_size=30')).json()) as { results: { slug: string }[] };
  for (const { slug } of results) {
    const product = (await (await request.get(`/api/products/${slug}/`)).json()) as ProductDetail;
    if (product.variants[0]?.regulatory?.eifu) return product;
  }
  throw new Error('No product with an eIFU in the demo catalogue.');
}

for (const lang of ['en', 'ar'] as const) {
  test(`a buyer reads a product's regulatory data and its eIFU link; staff download the GUDID/EUDAMED export (${lang})`, async ({ page, browser, request, baseURL }, testInfo) => {
    const product = await productWithEifu(request);
    const variant = product.variants[0]!;
    await page.goto(`/products/${product.slug}?variant=${variant.id}${lang === 'en' ? '' : '&lang=ar'}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('tab', { name: words[lang].tab }).click();
    const panel = page.getByRole('tabpanel', { name: words[lang].tab });
    for (const text of [words[lang].sterility, words[lang].use, words[lang].mri]) await expect(panel.getByText(text, { exact: true })).toBeVisible();
    const eifu = panel.getByRole('link', { name: words[lang].eifu });
    await expect(eifu).toHaveAttribute('href', variant.regulatory!.eifu!.url);
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `regulatory-tab-${lang}`);
    // The eIFU opens in its own tab: a PDF the shop serves.
    await expect(eifu).toHaveAttribute('target', '_blank');
    const answer = await request.get(variant.regulatory!.eifu!.url);
    expect(answer.headers()['content-type']).toBe('application/pdf');

    const staff = await signedInPage(browser, baseURL!, await staffSession(request), widthOf(testInfo));
    await staff.goto(lang === 'en' ? '/staff/products' : '/staff/products?lang=ar');
    const downloading = staff.waitForEvent('download');
    await staff.getByRole('button', { name: words[lang].export }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^regulatory-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Product,Variant,Product Status,GUDID Primary DI Number,GUDID Issuing Agency,/);
    const row = lines.find((line) => line.includes(`,${variant.model_number},${variant.model_number},`));
    expect(row).toContain(`${baseURL}${variant.regulatory!.eifu!.url}`);
    await shoot(staff, testInfo, `staff-products-regulatory-export-${lang}`, { maxHeight: 900 });
    await staff.close();
  });
}
