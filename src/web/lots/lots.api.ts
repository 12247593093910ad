import { queryOptions } from '@tanstack/react-query';
import { getProductHandling, listExpiringLots, listProductLots } from '#contracts/lots';
import { apiFetch } from '../lib/api.ts';

export const productHandlingQuery = (slug: string) =>
  queryOptions({
    queryKey: ['lots', 'handling', slug],
    queryFn: ({ signal }) => apiFetch(getProductHandling, { params: { slug }, signal }),
  });

export const expiringLotsQuery = () =>
  queryOptions({
    queryKey: ['lots', 'expiring'],
    queryFn: ({ signal }) => apiFetch(listExpiringLots, { query: {}, signal }),
  });

export const productLotsQuery = (productId: number) =>
  queryOptions({
    queryKey: ['lots', 'product', productId],
    queryFn: ({ signal }) => apiFetch(listProductLots, { params: { id: productId }, signal }),
  });
