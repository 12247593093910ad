import { importProducts, type ImportResult } from '#contracts/staff-products';
import { readToken } from '../lib/token-storage.ts';
import { ApiError, apiErrorFrom, buildUrl } from '../lib/api.ts';

export interface ImportFiles {
  csv: File;
  /** A zip of the images the CSV's Image Src and Variant Image name. */
  images?: File;
}

/** What is sent: the files, and the slug of the category of products whose rows name none. */
export interface ImportRequest extends ImportFiles {
  defaultCategory?: string;
}

/** Where an upload is: sending the files (a share of 0 to 1), then waiting while the server applies them. */
export type UploadProgress = { phase: 'sending'; share: number } | { phase: 'applying' };

/**
 * Sends the CSV (and images zip) to the import, dry run or not. It goes through XMLHttpRequest rather than fetch,
 * which cannot report how much of a request body has been sent.
 */
export function uploadImport(files: ImportRequest, dryRun: boolean, onProgress: (progress: UploadProgress) => void): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', files.csv);
  if (files.images) form.append('images', files.images);
  if (files.defaultCategory) form.append('default_category', files.defaultCategory);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(importProducts.method, buildUrl(importProducts.path, undefined, dryRun ? { dry_run: '1' } : {}));
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: 'sending', share: event.loaded / event.total });
    };
    request.upload.onload = () => onProgress({ phase: 'applying' });
    request.onload = () => {
      if (request.status !== 200) return reject(apiErrorFrom(request.status, request.response));
      const parsed = importProducts.response.safeParse(request.response);
      return parsed.success
        ? resolve(parsed.data)
        : reject(new ApiError(request.status, 'The server sent an unexpected response.', {}, { cause: parsed.error }));
    };
    request.onerror = () => reject(new ApiError(0, 'The connection failed.'));
    request.send(form);
  });
}
