import { PRIVATE_LABEL_FILE_MAX_BYTES } from '#contracts/private-label';
import { badRequest } from '../lib/errors.ts';
import { sniffFileType, type PrivateFileStore } from '../lib/private-files.ts';
import { isSafeSvg } from '../lib/safe-svg.ts';
import type { UploadedFile } from '../lib/upload-form.ts';

const MAX_MB = PRIVATE_LABEL_FILE_MAX_BYTES / (1024 * 1024);
export const PRIVATE_LABEL_FOLDER = 'private-label';

export interface StoredFile {
  fileName: string;
  storedName: string;
  contentType: string;
  sizeBytes: number;
}

/** The file's type by its content: PDF or PNG by signature, or an SVG drawing that does nothing when opened. */
export function privateLabelFileType(content: Buffer): { contentType: string; extension: string } | null {
  return sniffFileType(content, ['application/pdf', 'image/png'])
    ?? (isSafeSvg(content) ? { contentType: 'image/svg+xml', extension: '.svg' } : null);
}

/** Checks an uploaded artwork or proof (400 on `file`) and keeps it under DATA_DIR/private-label. */
export async function storePrivateLabelFile(store: PrivateFileStore, file: UploadedFile | null | undefined): Promise<StoredFile> {
  const type = file && !file.truncated && file.content.length > 0 ? privateLabelFileType(file.content) : null;
  if (!file || file.content.length === 0) throw badRequest({ file: ['Choose a file to upload.'] });
  if (file.truncated) throw badRequest({ file: [`The file is larger than ${MAX_MB} MB.`] });
  if (!type) throw badRequest({ file: ['Upload an SVG, PDF or PNG file (an SVG without scripts or outside references).'] });
  const storedName = await store.save(file.content, type.extension);
  const fileName = file.fileName.replace(/[\\/]/g, '_').slice(0, 200) || `file${type.extension}`;
  return { fileName, storedName, contentType: type.contentType, sizeBytes: file.content.length };
}
