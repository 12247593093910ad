import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acknowledgeRecallNotice, getRecall, listMyRecallNotices, listRecalls, markReturnReceived, openRecall, type OpenRecallBody,
} from '#contracts/recalls';
import { apiFetch } from '../lib/api.ts';

const noticesKey = ['recalls', 'notices'] as const;
const staffKey = ['recalls', 'staff'] as const;

export const myRecallNoticesQuery = () =>
  queryOptions({ queryKey: noticesKey, queryFn: ({ signal }) => apiFetch(listMyRecallNotices, { signal }) });

export const recallsQuery = () =>
  queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => apiFetch(listRecalls, { signal }) });

export const recallQuery = (id: number) =>
  queryOptions({ queryKey: [...staffKey, id], queryFn: ({ signal }) => apiFetch(getRecall, { params: { id }, signal }) });

export function useAcknowledgeRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(acknowledgeRecallNotice, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useOpenRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenRecallBody) => apiFetch(openRecall, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['recalls'] }).then(() => queryClient.invalidateQueries({ queryKey: ['lots'] })),
  });
}

export function useMarkReturnReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recallId, noticeId }: { recallId: number; noticeId: number }) =>
      apiFetch(markReturnReceived, { params: { id: recallId, noticeId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
