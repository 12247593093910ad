import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveStock, ProductDetail } from '#contracts/catalog';
import type { StockChange } from '#contracts/inventory';
import { productQuery, productStockQuery } from '../catalog/catalog.api.ts';
import { useLiveStock } from './use-live-stock.ts';

const stock = (variantId: number, availableStock: number) => ({ variantId, currentStock: availableStock, availableStock, reservedStock: 0 });

describe('useLiveStock', () => {
  it("keeps each variant's stock on the product page current, not only the product's sum", () => {
    const streams: Array<(data: StockChange) => void> = [];
    vi.stubGlobal('EventSource', class {
      onopen = null;
      onerror = null;
      addEventListener(_type: string, listener: (event: MessageEvent<string>) => void) {
        streams.push((data) => listener(new MessageEvent('stock', { data: JSON.stringify(data) })));
      }
      close() {}
    });
    const client = new QueryClient();
    const live = { productId: 7, currentStock: 3, availableStock: 3, reservedStock: 0, lowStockThreshold: 10, variants: [stock(21, 3), stock(22, 0)] };
    client.setQueryData(productStockQuery('metzenbaum').queryKey, live as LiveStock);
    client.setQueryData(productQuery('metzenbaum').queryKey, {
      stock_quantity: 3, is_in_stock: true, low_stock_threshold: 10,
      variants: [{ id: 21, available_stock: 3, is_in_stock: true }, { id: 22, available_stock: 0, is_in_stock: false }],
    } as unknown as ProductDetail);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useLiveStock({ id: 7, slug: 'metzenbaum' }), { wrapper });

    act(() => streams.at(-1)!({
      productId: 7, currentStock: 4, availableStock: 4, reservedStock: 0, lowStockThreshold: 10, lastUpdated: '2026-01-05T10:00:00.000Z',
      variants: [stock(21, 0), stock(22, 4)],
    }));
    expect(client.getQueryData(productStockQuery('metzenbaum').queryKey)).toMatchObject({ availableStock: 4, variants: [stock(21, 0), stock(22, 4)] });
    expect(client.getQueryData(productQuery('metzenbaum').queryKey)).toMatchObject({
      stock_quantity: 4, is_in_stock: true,
      variants: [{ id: 21, available_stock: 0, is_in_stock: false }, { id: 22, available_stock: 4, is_in_stock: true }],
    });
  });
});
