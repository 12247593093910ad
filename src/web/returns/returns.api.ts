import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { creditNoteFileName, type CreditNoteRef } from '#contracts/credit-notes';
import { listOrderReturns, requestReturn, uploadReturnPhoto, type ReturnRequestBody } from '#contracts/returns';
import { notify } from '../components/ui/notify.ts';
import { apiFetch } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';

const returnsKey = (orderNumber: string) => ['orders', 'returns', orderNumber] as const;

/** The order's returns, what each line may still return, the window's last day and the policy. */
export const orderReturnsQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: returnsKey(orderNumber),
    queryFn: ({ signal }) => apiFetch(listOrderReturns, { params: { orderNumber }, signal }),
  });

/** Asks for a return; the order's returns are read again whatever the answer. */
export function useRequestReturn(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequestBody) => apiFetch(requestReturn, { params: { orderNumber }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey(orderNumber) }),
  });
}

/** Adds a photo of the goods to a return just asked for (multipart `file`). */
export function useUploadReturnPhoto(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rma, photo }: { rma: string; photo: File }) => {
      const body = new FormData();
      body.append('file', photo);
      return apiFetch(uploadReturnPhoto, { params: { orderNumber, rma }, body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey(orderNumber) }),
  });
}

/** Credit notes are behind the session: fetched with it and saved, telling the buyer when that fails. */
export function saveCreditNote(note: CreditNoteRef, t: TFunction<'returns'>): void {
  downloadFile(note.pdf_url, creditNoteFileName(note.number))
    .catch(() => notify.error(t('creditNoteFailed'), t('creditNoteFailedText')));
}
