import type { StaffRole } from '#contracts/staff-roles';
import { createTestUser } from './auth-fixtures.ts';
import { insertCatalogue, type FixtureProduct } from './catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from './commerce-fixtures.ts';

type Headers = Record<string, string>;

export interface StaffApp<R extends StaffRole> {
  t: CommerceTestApp;
  /** The one product on sale, Kelly Hemostat, and its variant and category. */
  kelly: number;
  kellyVariant: number;
  categoryId: number;
  /** A signed-in individual buyer, ayesha@example.com. */
  buyer: Headers;
  buyerId: string;
  /** A signed-in member of staff per role asked for, each as <role>@staff.example. */
  staff: Record<R, Headers>;
}

/** The whole API with one product in stock (100.00, 50 units unless `kelly` says otherwise), a buyer and staff in `roles`. */
export async function staffApp<R extends StaffRole = never>(roles: readonly R[] = [], kelly: Partial<FixtureProduct> = {}): Promise<StaffApp<R>> {
  const t = await createCommerceTestApp();
  const { db } = t.database;
  const { products: [product] } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 10_000, stock: 50, ...kelly },
  ]);
  const buyer = await createTestUser(db, { email: 'ayesha@example.com' });
  const staff = {} as Record<R, Headers>;
  for (const role of roles) staff[role] = (await createTestUser(db, { email: `${role}@staff.example`, staffRole: role })).headers;
  return {
    t, kelly: product.id, kellyVariant: product.variantId, categoryId: product.categoryId, buyer: buyer.headers, buyerId: buyer.user.id, staff,
  };
}
