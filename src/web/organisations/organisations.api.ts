import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addPriceRule, approveOrganisation, deletePriceRule, getMyOrganisation, getStaffOrganisation, listAccountManagers,
  listStaffOrganisations, markInvoicePaid, rejectOrganisation, submitMyOrganisation, updateOrganisationAccount,
  updatePriceContract, type AddPriceRuleBody, type StaffOrganisationsQuery, type UpdateOrganisationAccountBody,
  type UpdatePriceContractBody,
} from '#contracts/organisations';
import { apiFetch } from '../lib/api.ts';

/** The signed-in business buyer's organisation (null before one was submitted). */
export const myOrganisationQuery = () =>
  queryOptions({
    queryKey: ['organisations', 'mine'],
    queryFn: async ({ signal }) => (await apiFetch(getMyOrganisation, { signal })).organisation,
  });

export function useSubmitOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiFetch(submitMyOrganisation)).organisation,
    onSuccess: (organisation) => queryClient.setQueryData(myOrganisationQuery().queryKey, organisation),
  });
}

export const staffOrganisationsQuery = (query: StaffOrganisationsQuery) =>
  queryOptions({
    queryKey: ['organisations', 'staff', query],
    queryFn: ({ signal }) => apiFetch(listStaffOrganisations, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const staffOrganisationQuery = (id: string) =>
  queryOptions({
    queryKey: ['organisations', 'staff', 'one', id],
    queryFn: ({ signal }) => apiFetch(getStaffOrganisation, { params: { id }, signal }),
  });

export const accountManagersQuery = () =>
  queryOptions({
    queryKey: ['organisations', 'managers'],
    queryFn: async ({ signal }) => (await apiFetch(listAccountManagers, { signal })).managers,
    staleTime: 5 * 60_000,
  });

/** Staff changes to one organisation: its page and every list are refetched afterwards. */
function useOrganisationMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['organisations', 'staff'] }) });
}

export const useApproveOrganisation = () =>
  useOrganisationMutation((id: string) => apiFetch(approveOrganisation, { params: { id } }));

export const useRejectOrganisation = () =>
  useOrganisationMutation(({ id, reason }: { id: string; reason: string }) => apiFetch(rejectOrganisation, { params: { id }, body: { reason } }));

export const useUpdateOrganisationAccount = () =>
  useOrganisationMutation(({ id, body }: { id: string; body: UpdateOrganisationAccountBody }) =>
    apiFetch(updateOrganisationAccount, { params: { id }, body }));

export const useAddPriceRule = () =>
  useOrganisationMutation(({ id, body }: { id: string; body: AddPriceRuleBody }) => apiFetch(addPriceRule, { params: { id }, body }));

export const useUpdatePriceContract = () =>
  useOrganisationMutation(({ id, body }: { id: string; body: UpdatePriceContractBody }) =>
    apiFetch(updatePriceContract, { params: { id }, body }));

export const useDeletePriceRule = () =>
  useOrganisationMutation(({ id, ruleId }: { id: string; ruleId: number }) => apiFetch(deletePriceRule, { params: { id, ruleId } }));

export const useMarkInvoicePaid = () =>
  useOrganisationMutation((orderId: string) => apiFetch(markInvoicePaid, { params: { orderId } }));
