import { readToken } from './token-storage.ts';
import { ApiError } from './api.ts';

/**
 * A file behind the session (a CSV report, an invoice) needs the bearer token, so it is fetched and handed to the
 * browser as a download, named as the server names it or else `fallbackName`.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, `HTTP error! status: ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
}
