import { readToken } from './token-storage.ts';
import { ApiError } from './api.ts';

/** A file behind the session: fetched with the bearer token, its content held in memory. */
async function fetchPrivate(url: string): Promise<{ blobUrl: string; response: Response }> {
  const token = readToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, `HTTP error! status: ${response.status}`);
  return { blobUrl: URL.createObjectURL(await response.blob()), response };
}

/**
 * A file behind the session (a CSV report, an invoice) is fetched and handed to the browser as a download, named as
 * the server names it or else `fallbackName`.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { blobUrl, response } = await fetchPrivate(url);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
}

/** A private file (a licence, a return's photo) opened from memory in a new tab, never by a public link. */
export async function openPrivateFile(url: string): Promise<void> {
  const { blobUrl } = await fetchPrivate(url);
  window.open(blobUrl, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}
