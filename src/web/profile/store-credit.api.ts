import { queryOptions } from '@tanstack/react-query';
import { getStoreCredit } from '#contracts/returns';
import { apiFetch } from '../lib/api.ts';

/** GET /api/profile/store-credit/: the buyer's own credit, and their organisation's when they are a member. */
export const storeCreditQuery = () =>
  queryOptions({ queryKey: ['profile', 'store-credit'], queryFn: ({ signal }) => apiFetch(getStoreCredit, { signal }) });
