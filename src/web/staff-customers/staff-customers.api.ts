import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addCustomerNote, getCustomer, listCustomers, type CustomerDetail, type CustomersQuery } from '#contracts/staff-customers';
import { apiFetch } from '../lib/api.ts';

export const customersQuery = (query: CustomersQuery) =>
  queryOptions({
    queryKey: ['staff-customers', 'list', query],
    queryFn: ({ signal }) => apiFetch(listCustomers, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: ['staff-customers', 'one', id],
    queryFn: ({ signal }) => apiFetch(getCustomer, { params: { id }, signal }),
  });

/** Adds a note; the customer's page shows the notes the server answers. */
export function useAddCustomerNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiFetch(addCustomerNote, { params: { id }, body: { text } }),
    onSuccess: ({ notes }) => queryClient.setQueryData(customerQuery(id).queryKey, (customer: CustomerDetail | undefined) =>
      (customer ? { ...customer, notes } : customer)),
  });
}
