import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { me } from '#contracts/auth';
import type { ResponseOf } from '#contracts/define';
import {
  deleteProductPhoto, listProductPhotos, reorderProductPhotos, updateProductPhoto, uploadProductPhoto,
} from '#contracts/staff-media';
import { readToken } from '../lib/token-storage.ts';
import { ApiError, apiErrorFrom, apiFetch, buildUrl } from '../lib/api.ts';

const photosKey = (productId: number) => ['staff-products', 'photos', productId] as const;

export const productPhotosQuery = (productId: number) =>
  queryOptions({
    queryKey: photosKey(productId),
    queryFn: ({ signal }) => apiFetch(listProductPhotos, { params: { id: productId }, signal }),
  });

type UploadAnswer = ResponseOf<typeof uploadProductPhoto>;

function send(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(uploadProductPhoto.method, url);
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new ApiError(0, 'The upload was interrupted.'));
    request.send(form);
  });
}

/**
 * Uploads one photo, reporting how much has been sent (fetch cannot tell). An expired session is renewed once through
 * apiFetch, as every other call does, and the upload sent again.
 */
export async function uploadPhoto(productId: number, file: File, alt: string, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', file);
  const url = buildUrl(uploadProductPhoto.path, { id: productId });
  let answer = await send(url, form, onProgress);
  if (answer.status === 401 && readToken()) {
    await apiFetch(me);
    answer = await send(url, form, onProgress);
  }
  if (answer.status >= 400 || answer.status === 0) throw apiErrorFrom(answer.status, answer.body);
  return uploadProductPhoto.response.parse(answer.body);
}

/** After any change: the editor's list and the storefront's pages read the gallery again. */
function useRefreshPhotos(productId: number) {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: photosKey(productId) }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  ]);
}

export function useUploadPhoto(productId: number) {
  const refresh = useRefreshPhotos(productId);
  return useMutation({
    mutationFn: ({ file, alt, onProgress }: { file: File; alt: string; onProgress: (fraction: number) => void }) =>
      uploadPhoto(productId, file, alt, onProgress),
    onSettled: refresh,
  });
}

export function useUpdatePhotoAlt(productId: number) {
  const refresh = useRefreshPhotos(productId);
  return useMutation({
    mutationFn: ({ imageId, alt }: { imageId: number; alt: string }) =>
      apiFetch(updateProductPhoto, { params: { id: productId, imageId }, body: { alt } }),
    onSettled: refresh,
  });
}

export function useReorderPhotos(productId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPhotos(productId);
  return useMutation({
    mutationFn: (ids: number[]) => apiFetch(reorderProductPhotos, { params: { id: productId }, body: { ids } }),
    onSuccess: (answer) => queryClient.setQueryData(photosKey(productId), answer),
    onSettled: refresh,
  });
}

export function useDeletePhoto(productId: number) {
  const refresh = useRefreshPhotos(productId);
  return useMutation({
    mutationFn: (imageId: number) => apiFetch(deleteProductPhoto, { params: { id: productId, imageId } }),
    onSettled: refresh,
  });
}
