import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approveRequest, listApprovals, rejectRequest, type OrderRequestStatus, type RejectRequestBody,
} from '#contracts/organisation-purchasing';
import { apiFetch } from '../lib/api.ts';
import { ordersKeys } from '../orders/orders.api.ts';

export const approvalsKey = ['organisation-approvals'] as const;

/** The requests the signed-in member may see (every one for approvers and admins, their own for the others). */
export const approvalsQuery = (status?: OrderRequestStatus) => queryOptions({
  queryKey: [...approvalsKey, status ?? 'all'],
  queryFn: ({ signal }) => apiFetch(listApprovals, { query: status ? { status } : {}, signal }),
});

/** A decision changes the lists of every status, and approving places an order. */
function useDecision<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: approvalsKey }),
      queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
    ]),
  });
}

export const useApproveRequest = () => useDecision((id: number) => apiFetch(approveRequest, { params: { id } }));

export const useRejectRequest = () =>
  useDecision(({ id, body }: { id: number; body: RejectRequestBody }) => apiFetch(rejectRequest, { params: { id }, body }));
