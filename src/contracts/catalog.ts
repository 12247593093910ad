import { z } from 'zod';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';

export const PAGE_SIZE = 20;
export const ORDERINGS = ['price', '-price', '-average_rating', '-created_at', 'name'] as const;

export const category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  product_count: z.number().int(),
});
export type Category = z.infer<typeof category>;

export const productListItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  short_description: z.string(),
  category: z.string(),
  category_name: z.string(),
  brand: z.string(),
  model_number: z.string(),
  price: decimalString,
  original_price: decimalString.nullable(),
  stock_quantity: z.number().int(),
  is_in_stock: z.boolean(),
  main_image: z.string(),
  certifications: z.array(z.string()),
  average_rating: z.number(),
  review_count: z.number().int(),
});
export type ProductListItem = z.infer<typeof productListItem>;

const optionalText = z.string().trim().max(200).optional().transform((v) => (v ? v : undefined));
const optionalPrice = z.coerce.number({ message: 'Enter a number.' }).min(0, 'Must be 0 or more.').optional();

export const productListQuery = z.object({
  search: optionalText,
  category: optionalText,
  brand: optionalText,
  certification: optionalText,
  min_price: optionalPrice,
  max_price: optionalPrice,
  ordering: z.enum(ORDERINGS, { message: `Choose one of: ${ORDERINGS.join(', ')}.` }).default('-created_at'),
  page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
}).refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
  path: ['max_price'],
  message: 'Must be at least the minimum price.',
});

export const listProducts = defineContract({
  method: 'GET',
  path: '/api/products/',
  query: productListQuery,
  response: z.object({
    results: z.array(productListItem),
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
  }),
});

export const listCategories = defineContract({
  method: 'GET',
  path: '/api/products/categories/',
  response: z.array(category),
});

export const flashSaleItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  originalPrice: z.number(),
  salePrice: z.number(),
  discount: z.number().int(),
  image: z.string(),
  rating: z.number(),
  totalStock: z.number().int(),
  soldCount: z.number().int(),
  availableStock: z.number().int(),
  isFlashSale: z.literal(true),
  saleEndTime: z.string(),
});
export type FlashSaleItem = z.infer<typeof flashSaleItem>;

export const listFlashSales = defineContract({
  method: 'GET',
  path: '/api/flash-sales/',
  response: z.object({ items: z.array(flashSaleItem) }),
});
