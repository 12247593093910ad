import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  declineQuote, getQuote, getStaffQuote, listQuotes, listStaffQuotes, priceQuote, requestQuote, sendQuote, withdrawQuote,
  type QuotePricingBody, type QuoteRequestBody, type QuotesQuery,
} from '#contracts/quotes';
import { apiFetch } from '../lib/api.ts';

export const myQuotesQuery = (query: QuotesQuery) =>
  queryOptions({
    queryKey: ['quotes', 'mine', query],
    queryFn: ({ signal }) => apiFetch(listQuotes, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const myQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: ['quotes', 'mine', 'one', id],
    queryFn: async ({ signal }) => (await apiFetch(getQuote, { params: { id }, signal })).quote,
  });

export const staffQuotesQuery = (query: QuotesQuery) =>
  queryOptions({
    queryKey: ['quotes', 'staff', query],
    queryFn: ({ signal }) => apiFetch(listStaffQuotes, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const staffQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: ['quotes', 'staff', 'one', id],
    queryFn: async ({ signal }) => (await apiFetch(getStaffQuote, { params: { id }, signal })).quote,
  });

/** Every quote list and page is refetched after a change, the buyer's and staff's alike. */
function useQuoteMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['quotes'] }) });
}

export const useRequestQuote = () =>
  useQuoteMutation(async (body: QuoteRequestBody) => (await apiFetch(requestQuote, { body })).quote);

export const useDeclineQuote = () =>
  useQuoteMutation(async ({ id, reason }: { id: string; reason: string }) =>
    (await apiFetch(declineQuote, { params: { id }, body: { reason } })).quote);

export const usePriceQuote = () =>
  useQuoteMutation(async ({ id, body }: { id: string; body: QuotePricingBody }) =>
    (await apiFetch(priceQuote, { params: { id }, body })).quote);

export const useSendQuote = () =>
  useQuoteMutation(async (id: string) => (await apiFetch(sendQuote, { params: { id } })).quote);

export const useWithdrawQuote = () =>
  useQuoteMutation(async ({ id, reason }: { id: string; reason: string }) =>
    (await apiFetch(withdrawQuote, { params: { id }, body: { reason } })).quote);
