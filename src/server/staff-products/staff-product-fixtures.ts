import type { ProductInput, StaffProduct } from '#contracts/staff-products';
import type { TestApp } from '../test/test-app.ts';

type Headers = Record<string, string>;

/** Mayo scissors in two lengths and two tips: four variants, whose catalogue numbers start with `code`. */
export const scissorsInput = (categoryId: number, overrides: Partial<ProductInput> = {}, code = 'MS'): ProductInput => ({
  name: 'Mayo Dissecting Scissors',
  brand: 'Sialkot Surgical',
  category_id: categoryId,
  instrument_type: 'scissors',
  description: '<p>Heavy <strong>dissecting</strong> scissors.</p>',
  status: 'active',
  certifications: ['CE', 'ISO13485'],
  features: ['Tungsten carbide inserts'],
  specifications: [{ key: 'Material', value: 'Stainless steel' }],
  handling: { sterile: false, single_use: false, latex_free: true, cold_chain: false },
  options: [{ name: 'Length', values: ['14 cm', '17 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
  variants: [
    { options: { Length: '14 cm', Tip: 'Straight' }, model_number: `${code}-14-S`, price: '20.00', gtin: code === 'MS' ? '4006381333931' : null },
    { options: { Length: '14 cm', Tip: 'Curved' }, model_number: `${code}-14-C`, price: '21.00', original_price: '25.00' },
    {
      options: { Length: '17 cm', Tip: 'Straight' }, model_number: `${code}-17-S`, price: '24.00',
      tiers: [{ min_quantity: 10, price: '22.00' }, { min_quantity: 50, price: '20.50' }],
    },
    { options: { Length: '17 cm', Tip: 'Curved' }, model_number: `${code}-17-C`, price: '25.00' },
  ],
  ...overrides,
});

/** The staff products API of a test app, as one staff member. */
export function staffProductsClient(t: TestApp, headers: Headers) {
  return {
    create: (payload: unknown, as = headers) => t.app.inject({ method: 'POST', url: '/api/staff/products/', headers: as, payload: payload as object }),
    update: (id: number, payload: unknown, as = headers) =>
      t.app.inject({ method: 'PATCH', url: `/api/staff/products/${id}/`, headers: as, payload: payload as object }),
    get: async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/staff/products/${id}/`, headers })).json<StaffProduct>(),
    list: (query = '', as = headers) => t.app.inject({ method: 'GET', url: `/api/staff/products/${query}`, headers: as }),
    bulk: (payload: unknown, as = headers) =>
      t.app.inject({ method: 'POST', url: '/api/staff/products/bulk/', headers: as, payload: payload as object }),
  };
}
