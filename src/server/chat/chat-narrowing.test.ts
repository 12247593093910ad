import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

const ask = (message: string) => t.app.inject({ method: 'POST', url: '/api/chat', payload: { message }, remoteAddress: nextIp() });
const names = (reply: { data?: { products?: { name: string }[] } }) => (reply.data?.products ?? []).map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp();
  // As the demo catalogue names and types them: micro needle holders among other needle holders and micro instruments.
  await insertCatalogue(t.database.db, ['cardiology', 'ophthalmology', 'general-surgery', 'neurosurgery'], [
    { name: 'Castroviejo Needle Holder, 14 cm, Curved, with lock', category: 'cardiology', instrumentType: 'castroviejo-needle-holder', priceCents: 8_500, rating: 4.6 },
    { name: 'Castroviejo Needle Holder, 18 cm, Straight, with lock', category: 'cardiology', instrumentType: 'castroviejo-needle-holder', priceCents: 18_000, rating: 4.9 },
    { name: 'Barraquer Micro Needle Holder, 12 cm', category: 'ophthalmology', instrumentType: 'barraquer-needle-holder', priceCents: 7_000, rating: 4.2 },
    { name: 'Mayo-Hegar Needle Holder, 16 cm', category: 'general-surgery', instrumentType: 'mayo-hegar-needle-holder', priceCents: 3_000, rating: 5 },
    { name: 'Yasargil Micro Scissors, 20 cm', category: 'neurosurgery', instrumentType: 'yasargil-micro-scissors', priceCents: 6_000, rating: 4.8 },
    { name: 'Ryder Needle Holder, 15 cm', category: 'cardiology', instrumentType: 'ryder-needle-holder', priceCents: 4_000, rating: 4.7 },
  ]);
});
afterAll(() => t.close());

describe('POST /api/chat without a language model', () => {
  it('says the built-in assistant answered because no model is configured', async () => {
    const reply = (await ask('Hello')).json();
    expect(reply).toMatchObject({ source: 'assistant', fallback: 'no_model' });
  });

  it('suggests for "a needle holder for microsurgery under $100" only microsurgical needle holders under $100', async () => {
    const reply = (await ask('a needle holder for microsurgery under $100')).json();
    expect(reply.type).toBe('product');
    expect(names(reply)).toEqual(['Castroviejo Needle Holder, 14 cm, Curved, with lock', 'Barraquer Micro Needle Holder, 12 cm']);
    for (const product of reply.data.products) expect(product.price).toBeLessThanOrEqual(100);
  });

  it('keeps a specialty and the kind of instrument together, and says so when nothing fits', async () => {
    const cardiology = (await ask('needle holders for cardiology under $50')).json();
    expect(names(cardiology)).toEqual(['Ryder Needle Holder, 15 cm']);
    const none = (await ask('a needle holder for microsurgery under $60')).json();
    expect(none).toMatchObject({ type: 'text' });
    expect(none.response).toMatch(/^I could not find needle holder \(microsurgical instruments\) under \$60\.00 right now\./);
  });
});
