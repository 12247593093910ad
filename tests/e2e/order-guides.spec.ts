import { expect, test } from './fixtures.ts';
import { joinAs } from './support/organisation.ts';
import { orderable } from './support/orderable.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession, type Session } from './support/session.ts';

const address = {
  email: 'accounts@mayo.example', firstName: 'Accounts', lastName: 'Office', company: 'Mayo Hospital', address: 'Hospital Road',
  city: 'Lahore', postalCode: '54000', country: 'PK', phone: '+92 42 99211100',
};

for (const language of ['en', 'ar'] as const) {
  test(`a department's buyer counts its order guide and reorders to par into the cart (${language})`, async ({
    browser, request, baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const text = (key: { en: string; ar: string }) => key[language];

    // A verified organisation with a buyer and a colleague in the Cardiac Theatre department.
    const { session: admin } = await registerAccount(request, testInfo, 'business');
    const organisationId = (await (await request.get('/api/organisations/mine/', { headers: bearer(admin) })).json()).organisation.id;
    const staff = await staffSession(request);
    expect((await request.post(`/api/staff/organisations/${organisationId}/approve/`, { headers: bearer(staff) })).ok()).toBe(true);
    const buyer = await joinAs(request, admin, 'buyer', 'Usman');
    const colleague = await joinAs(request, admin, 'buyer', 'Hina');
    const memberId = async (session: Session) => ((await (await request.get('/api/organisation/members/', { headers: bearer(session) })).json())
      .members as { id: number; is_you: boolean }[]).find((member) => member.is_you)!.id;
    const created = await request.post('/api/organisation/departments/', {
      headers: bearer(admin),
      data: { name: 'Cardiac Theatre', bill_to: address, ship_to: [address], member_ids: [await memberId(buyer), await memberId(colleague)] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const department = (await created.json()).departments[0] as { id: number };

    // The colleague keeps the department's order guide with two products at par.
    const [first, second] = await orderable(request);
    const guide = await request.post('/api/reorder-lists', { headers: bearer(colleague), data: { name: 'Cardiac trays', department_id: department.id } });
    expect(guide.status(), await guide.text()).toBe(201);
    const guideId = (await guide.json()).list.id as number;
    for (const [product, par] of [[first, 8], [second, 3]] as const) {
      const added = await request.post(`/api/reorder-lists/${guideId}/items`, { headers: bearer(colleague), data: { product_id: product.id, variant_id: product.variant_id, par_level: par } });
      expect(added.status(), await added.text()).toBe(200);
    }
    if (language === 'ar') {
      expect((await request.put('/api/auth/profile/', { headers: bearer(buyer), data: { preferences: { language: 'ar' } } })).ok()).toBe(true);
    }

    // The buyer finds it among the department order guides, apart from their own lists.
    const page = await signedInPage(browser, baseURL!, buyer, viewport);
    await page.goto('/profile/reorder-lists');
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const guides = page.getByRole('navigation', { name: text({ en: 'Department order guides', ar: 'أدلة طلبات الأقسام' }) });
    await expect(guides.getByRole('button', { name: /Cardiac trays/ })).toContainText('Cardiac Theatre');
    await guides.getByRole('button', { name: /Cardiac trays/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Cardiac trays/ })).toBeVisible();
    await expect(page.getByText(text({ en: 'Order guide: Cardiac Theatre', ar: 'دليل الطلب: Cardiac Theatre' }))).toBeVisible();

    // Counts on hand: 3 of 8 and 5 of 3; the cart gets the differences, 5 and none.
    const onHand = (name: string) => page.getByRole('spinbutton', { name: text({ en: `On hand: ${name}`, ar: `الموجود: ${name}` }) });
    await onHand(first.name).fill('3');
    await onHand(second.name).fill('5');
    await shoot(page, testInfo, `order-guide-counted-${language}`);
    await page.getByRole('button', { name: text({ en: 'Count and reorder to par', ar: 'عُدّ وأعد الطلب حتى المستوى المحدد' }) }).click();
    await expect(page.getByText(text({ en: 'Added to cart', ar: 'أضيف إلى السلة' })).first()).toBeVisible();
    await shoot(page, testInfo, `order-guide-reordered-${language}`);

    const cart = (await (await request.get('/api/cart/', { headers: bearer(buyer) })).json()) as { items: { product_id: number; quantity: number }[] };
    expect(cart.items.map((item) => [item.product_id, item.quantity])).toEqual([[first.id, 5]]);
    await page.context().close();
  });
}
