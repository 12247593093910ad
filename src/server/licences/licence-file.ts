import { LICENCE_CONTENT_TYPES } from '#contracts/licences';
import { createPrivateFileStore, sniffFileType, type PrivateFileStore } from '../lib/private-files.ts';

/** A licence's real type from its first bytes: a PDF, JPEG or PNG; null for anything else. */
export const sniffLicenceType = (content: Buffer) => sniffFileType(content, LICENCE_CONTENT_TYPES);

/** Licence files live in DATA_DIR/licences. */
export const createLicenceStore = (dataDir: string): PrivateFileStore => createPrivateFileStore(dataDir, 'licences');
export type LicenceStore = PrivateFileStore;
