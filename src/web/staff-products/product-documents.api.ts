import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProductDocument, listProductDocuments, uploadProductDocument } from '#contracts/staff-media';
import { apiFetch } from '../lib/api.ts';

const documentsKey = (productId: number) => ['staff-products', 'documents', productId] as const;

export const productDocumentsQuery = (productId: number) =>
  queryOptions({
    queryKey: documentsKey(productId),
    queryFn: ({ signal }) => apiFetch(listProductDocuments, { params: { id: productId }, signal }),
  });

/** After any change: the editor's list and the storefront's product pages read the documents again. */
function useRefreshDocuments(productId: number) {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: documentsKey(productId) }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  ]);
}

export function useUploadDocument(productId: number) {
  const refresh = useRefreshDocuments(productId);
  return useMutation({
    mutationFn: (form: FormData) => apiFetch(uploadProductDocument, { params: { id: productId }, body: form }),
    onSettled: refresh,
  });
}

export function useRemoveDocument(productId: number) {
  const refresh = useRefreshDocuments(productId);
  return useMutation({
    mutationFn: (documentId: number) => apiFetch(deleteProductDocument, { params: { id: productId, documentId } }),
    onSettled: refresh,
  });
}
