import type { APIRequestContext } from '@playwright/test';

export interface Orderable {
  id: number;
  name: string;
  variant_id: number;
  model_number: string;
}

/** Two demo products anyone may buy, each with a variant holding ten units or more, and that variant's catalogue number. */
export async function orderable(request: APIRequestContext): Promise<Orderable[]> {
  const list = await (await request.get('/api/products/?in_stock=true&ordering=name&page_size=100')).json();
  const found: Orderable[] = [];
  for (const item of list.results as { id: number; slug: string; name: string; licence_required: boolean; stock_quantity: number }[]) {
    if (item.licence_required || item.stock_quantity < 20) continue;
    const detail = (await (await request.get(`/api/products/${item.slug}/`)).json()) as { variants: { id: number; model_number: string; available_stock: number }[] };
    const variant = detail.variants.find((row) => row.available_stock >= 10);
    if (variant) found.push({ id: item.id, name: item.name, variant_id: variant.id, model_number: variant.model_number });
    if (found.length === 2) return found;
  }
  throw new Error('no two orderable demo products');
}
