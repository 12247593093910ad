import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#contracts/define';
import { listMail, resendMail, type MailStatus, type OutboxMail } from '#contracts/staff-mail';
import { apiFetch } from '../lib/api.ts';

/** Every outgoing-mail query starts with this key: sending a mail again refetches the lists shown. */
export const staffMailKey = ['staff-mail'] as const;

/** One page of outgoing mail, newest first: one status, or every status when `status` is empty. */
export const staffMailQuery = (status: MailStatus | '', page: number) => {
  const query = status ? { status, page } : { page };
  return queryOptions({
    queryKey: [...staffMailKey, query],
    queryFn: ({ signal }) => apiFetch(listMail, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

/** Sends a failed or waiting mail again; its row shows the new status at once, and the lists are fetched again. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(resendMail, { params: { id } }),
    onSuccess: (mail: OutboxMail) => {
      queryClient.setQueriesData<ResponseOf<typeof listMail>>({ queryKey: staffMailKey }, (list) =>
        list && { ...list, results: list.results.map((row) => (row.id === mail.id ? mail : row)) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMailKey }),
  });
}
