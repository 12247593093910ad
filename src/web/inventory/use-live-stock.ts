import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { INVENTORY_STREAM_PATH, MAX_STREAM_IDS, stockChange, type StockChange } from '#contracts/inventory';
import type { LiveStock, ProductDetail } from '#contracts/catalog';
import { productQuery, productStockQuery } from '../catalog/catalog.api.ts';
import { notify } from '../components/ui/notify.ts';
import { inventoryKeys, statusQuery } from './inventory.api.ts';

/**
 * Server-sent stock changes for these products; true while connected. The browser reconnects by itself after a
 * drop, and the pages keep their 2-minute polling underneath, so a lost connection only slows updates down.
 */
export function useStockStream(productIds: readonly number[], onChange: (change: StockChange) => void): boolean {
  const [connected, setConnected] = useState(false);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const key = [...new Set(productIds)].sort((a, b) => a - b).slice(0, MAX_STREAM_IDS).join(',');

  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${INVENTORY_STREAM_PATH}?ids=${key}`);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    source.addEventListener('stock', (event) => {
      const parsed = stockChange.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) latest.current(parsed.data);
    });
    return () => {
      source.close();
      setConnected(false);
    };
  }, [key]);

  return connected;
}

/** Keeps the product page's live stock record, its variants' stock and its buy button current; true while live. */
export function useLiveStock(product: { id: number; slug: string } | undefined): boolean {
  const queryClient = useQueryClient();
  return useStockStream(product ? [product.id] : [], (change) => {
    if (!product) return;
    queryClient.setQueryData(productStockQuery(product.slug).queryKey, (old: LiveStock | undefined) =>
      old && {
        ...old,
        availableStock: change.availableStock,
        currentStock: change.currentStock,
        reservedStock: change.reservedStock,
        lowStockThreshold: change.lowStockThreshold,
        lastUpdated: change.lastUpdated,
        variants: change.variants,
      });
    const available = new Map(change.variants.map((variant) => [variant.variantId, variant.availableStock]));
    queryClient.setQueryData(productQuery(product.slug).queryKey, (old: ProductDetail | undefined) =>
      old && {
        ...old,
        stock_quantity: change.availableStock,
        is_in_stock: change.availableStock > 0,
        low_stock_threshold: change.lowStockThreshold,
        variants: old.variants.map((variant) => {
          const stock = available.get(variant.id) ?? variant.available_stock;
          return { ...variant, available_stock: stock, is_in_stock: stock > 0 };
        }),
      });
  });
}

/** 'Low Stock Alert' once per product page view, when the available stock is above 0 and at or under the threshold. */
export function useLowStockAlert(slug: string, stock: Pick<LiveStock, 'availableStock' | 'lowStockThreshold'> | undefined) {
  const { t } = useTranslation('inventory');
  const shownFor = useRef<string | null>(null);
  const low = stock !== undefined && stock.availableStock > 0 && stock.availableStock <= stock.lowStockThreshold;
  const units = stock?.availableStock;
  useEffect(() => {
    if (!low || shownFor.current === slug) return;
    shownFor.current = slug;
    notify.warning(t('lowStockAlert'), t('unitsLeft', { units: units ?? 0 }));
  }, [low, slug, units, t]);
}

/**
 * The inventory page: refetches its figures shortly after a change to any product on screen, and the changed
 * product's status; true while live.
 */
export function useLiveInventory(productIds: readonly number[]): boolean {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useStockStream(productIds, (change) => {
    void queryClient.invalidateQueries({ queryKey: statusQuery(change.productId).queryKey });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: inventoryKeys.all }), 300);
  });
}
