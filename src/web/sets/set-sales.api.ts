import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { previewSetPrice } from '#contracts/set-price';
import type { SetChoice } from '#contracts/set-choice';
import { apiFetch } from '../lib/api.ts';

/** What the set comes to for this buyer with their choice, priced by the server as the cart will price it. */
export const setPriceQuery = (variantId: number, choice: SetChoice, quantity: number) =>
  queryOptions({
    queryKey: ['catalog', 'set-price', variantId, choice, quantity],
    queryFn: ({ signal }) => apiFetch(previewSetPrice, { params: { variant_id: variantId }, body: { set_choice: choice, quantity }, signal }),
    placeholderData: keepPreviousData,
  });
