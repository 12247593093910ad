import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listStaffExchangeRates, updateExchangeRate, type StaffRateCurrency } from '#contracts/exchange-rates';
import { refreshExchangeRates } from '../i18n/exchange-rates.ts';
import { apiFetch } from '../lib/api.ts';

const staffKey = ['exchange-rates', 'staff'] as const;

export const staffExchangeRatesQuery = () =>
  queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => apiFetch(listStaffExchangeRates, { signal }) });

/** Stores a rate; this browser's converted prices follow at once. */
export function useSetExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, rate }: { currency: StaffRateCurrency; rate: string }) =>
      apiFetch(updateExchangeRate, { params: { currency }, body: { rate } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: staffKey }), refreshExchangeRates({ force: true })]),
  });
}
