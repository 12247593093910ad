import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelPrivateLabelRequest, createPrivateLabelRequest, declinePrivateLabelRequest, getPrivateLabelRequest, getStaffPrivateLabelRequest,
  listPrivateLabelOffers, listPrivateLabelRequests, listStaffPrivateLabelRequests, movePrivateLabelProduction, quotePrivateLabelRequest,
  requestPrivateLabelChanges, uploadPrivateLabelArtwork, uploadPrivateLabelProof, type PrivateLabelQuoteBody, type PrivateLabelRequestBody,
  type PrivateLabelStatus, type ProductionStep,
} from '#contracts/private-label';
import { apiFetch } from '../lib/api.ts';

const KEY = 'private-label';

export const offersQuery = () => queryOptions({
  queryKey: [KEY, 'offers'],
  queryFn: async ({ signal }) => (await apiFetch(listPrivateLabelOffers, { signal })).offers,
});

export const myRequestsQuery = () => queryOptions({
  queryKey: [KEY, 'mine'],
  queryFn: async ({ signal }) => (await apiFetch(listPrivateLabelRequests, { signal })).requests,
});

export const myRequestQuery = (id: number) => queryOptions({
  queryKey: [KEY, 'mine', id],
  queryFn: async ({ signal }) => (await apiFetch(getPrivateLabelRequest, { params: { id }, signal })).request,
});

export const staffRequestsQuery = (status?: PrivateLabelStatus) => queryOptions({
  queryKey: [KEY, 'staff', status ?? 'all'],
  queryFn: async ({ signal }) => (await apiFetch(listStaffPrivateLabelRequests, { query: { status }, signal })).requests,
});

export const staffRequestQuery = (id: number) => queryOptions({
  queryKey: [KEY, 'staff', 'one', id],
  queryFn: async ({ signal }) => (await apiFetch(getStaffPrivateLabelRequest, { params: { id }, signal })).request,
});

/** Every private-label list and page is read again after a change. */
function useChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: [KEY] }) });
}

const fileForm = (file: File, fields: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file);
  return body;
};

export const useCreateRequest = () => useChange(async (body: PrivateLabelRequestBody) => (await apiFetch(createPrivateLabelRequest, { body })).request);
export const useUploadArtwork = () => useChange(async ({ id, file }: { id: number; file: File }) =>
  (await apiFetch(uploadPrivateLabelArtwork, { params: { id }, body: fileForm(file) })).request);
export const useAskForChanges = () => useChange(async ({ id, comment }: { id: number; comment: string }) =>
  (await apiFetch(requestPrivateLabelChanges, { params: { id }, body: { comment } })).request);
export const useCancelRequest = () => useChange(async (id: number) => (await apiFetch(cancelPrivateLabelRequest, { params: { id }, body: { reason: '' } })).request);

export const useQuoteRequest = () => useChange(async ({ id, body }: { id: number; body: PrivateLabelQuoteBody }) =>
  (await apiFetch(quotePrivateLabelRequest, { params: { id }, body })).request);
export const useSendProof = () => useChange(async ({ id, file, note }: { id: number; file: File; note: string }) =>
  (await apiFetch(uploadPrivateLabelProof, { params: { id }, body: fileForm(file, { note }) })).request);
export const useMoveProduction = () => useChange(async ({ id, status }: { id: number; status: ProductionStep }) =>
  (await apiFetch(movePrivateLabelProduction, { params: { id }, body: { status } })).request);
export const useDeclineRequest = () => useChange(async ({ id, reason }: { id: number; reason: string }) =>
  (await apiFetch(declinePrivateLabelRequest, { params: { id }, body: { reason } })).request);
