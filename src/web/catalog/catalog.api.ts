import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  getCategory,
  getProduct,
  getProductFilters,
  getProductStock,
  listCategories,
  listFlashSales,
  listProducts,
  type ProductListQuery,
} from '#contracts/catalog';
import { listReviews } from '#contracts/reviews';
import { apiFetch } from '../lib/api.ts';

/** How often the product page refreshes its live stock while the tab is visible. */
export const STOCK_POLL_MS = 2 * 60_000;

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => apiFetch(listCategories, { signal }),
  });

export const flashSalesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'flash-sales'],
    queryFn: ({ signal }) => apiFetch(listFlashSales, { signal }),
  });

export const productsQuery = (query: ProductListQuery) =>
  queryOptions({
    queryKey: ['catalog', 'products', query],
    queryFn: ({ signal }) => apiFetch(listProducts, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const productFiltersQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'filters'],
    queryFn: ({ signal }) => apiFetch(getProductFilters, { signal }),
    staleTime: 5 * 60_000,
  });

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', slug],
    queryFn: ({ signal }) => apiFetch(getProduct, { params: { slug }, signal }),
  });

export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'category', slug],
    queryFn: ({ signal }) => apiFetch(getCategory, { params: { slug }, signal }),
  });

/** Newest first, a page at a time. */
export const reviewsQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'reviews', slug],
    queryFn: ({ pageParam, signal }) => apiFetch(listReviews, { params: { slug }, query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });

/** Live stock is never served from cache: polled while the page is visible, refetched on focus. */
export const productStockQuery = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'stock', slug],
    queryFn: ({ signal }) => apiFetch(getProductStock, { params: { slug }, signal }),
    staleTime: 0,
    refetchInterval: STOCK_POLL_MS,
    refetchIntervalInBackground: false,
  });
