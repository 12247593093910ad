import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '#contracts/payment';
import {
  approveReturn, getReturnPolicy, listStaffReturns, receiveReturn, rejectReturn, resolveReturn, returnsReport, updateReturnPolicy,
  type ApproveReturnBody, type ReceiveReturnBody, type ReturnPolicyBody, type ReturnResolution, type ReturnStatus,
} from '#contracts/returns';
import { apiFetch } from '../lib/api.ts';

const returnsKey = ['staff-returns'] as const;
const listKey = [...returnsKey, 'list'] as const;

export type StatusChoice = 'all' | ReturnStatus;

export const staffReturnsQuery = (status: StatusChoice) =>
  queryOptions({
    queryKey: [...listKey, status],
    queryFn: ({ signal }) => apiFetch(listStaffReturns, { query: { status }, signal }),
    placeholderData: keepPreviousData,
  });

export const returnPolicyQuery = () =>
  queryOptions({ queryKey: [...returnsKey, 'policy'], queryFn: ({ signal }) => apiFetch(getReturnPolicy, { signal }) });

/** Dates inclusive, as YYYY-MM-DD; an open end is left out. */
export interface ReportRange { from?: string; to?: string }

export const returnsReportQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: [...returnsKey, 'report', range],
    queryFn: ({ signal }) => apiFetch(returnsReport, { query: range, signal }),
    placeholderData: keepPreviousData,
  });

/** One step of a return's handling, by its RMA number. */
export type ReturnAction =
  | { kind: 'approve'; rma: string; body: ApproveReturnBody }
  | { kind: 'reject'; rma: string; reason: string }
  | { kind: 'receive'; rma: string; body: ReceiveReturnBody }
  | { kind: 'resolve'; rma: string; body: { resolution: ReturnResolution; reference?: string }; idempotencyKey: string };

/** Moves a return on; the lists are refetched afterwards, whatever the answer. */
export function useReturnAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReturnAction) => {
      const params = { rma: action.rma };
      if (action.kind === 'approve') return apiFetch(approveReturn, { params, body: action.body });
      if (action.kind === 'reject') return apiFetch(rejectReturn, { params, body: { reason: action.reason } });
      if (action.kind === 'receive') return apiFetch(receiveReturn, { params, body: action.body });
      return apiFetch(resolveReturn, { params, body: action.body, headers: { [IDEMPOTENCY_HEADER]: action.idempotencyKey } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useSaveReturnPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnPolicyBody) => apiFetch(updateReturnPolicy, { body }),
    onSuccess: (answer) => queryClient.setQueryData(returnPolicyQuery().queryKey, answer),
  });
}
