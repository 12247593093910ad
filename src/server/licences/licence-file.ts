import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LICENCE_CONTENT_TYPES } from '#contracts/licences';

type LicenceContentType = (typeof LICENCE_CONTENT_TYPES)[number];

const SIGNATURES: { contentType: LicenceContentType; extension: string; bytes: number[] }[] = [
  { contentType: 'application/pdf', extension: '.pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { contentType: 'image/jpeg', extension: '.jpg', bytes: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', extension: '.png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The file's real type from its first bytes, whatever its name or declared type says; null for anything else. */
export function sniffLicenceType(content: Buffer): { contentType: LicenceContentType; extension: string } | null {
  const match = SIGNATURES.find((signature) => signature.bytes.every((byte, i) => content[i] === byte));
  return match ? { contentType: match.contentType, extension: match.extension } : null;
}

/** Licence files live in DATA_DIR/licences under random names; nothing in a path comes from the client. */
export function createLicenceStore(dataDir: string) {
  const folder = path.resolve(dataDir, 'licences');
  const fileOf = (storedName: string) => path.join(folder, path.basename(storedName));
  return {
    async save(content: Buffer, extension: string): Promise<string> {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const storedName = `${randomUUID()}${extension}`;
      await writeFile(fileOf(storedName), content, { mode: 0o600, flag: 'wx' });
      return storedName;
    },
    read: (storedName: string) => readFile(fileOf(storedName)),
    remove: (storedName: string) => rm(fileOf(storedName), { force: true }),
  };
}
export type LicenceStore = ReturnType<typeof createLicenceStore>;
