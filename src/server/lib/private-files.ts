import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SIGNATURES = [
  { contentType: 'application/pdf', extension: '.pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { contentType: 'image/jpeg', extension: '.jpg', bytes: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', extension: '.png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;
export type SniffedType = (typeof SIGNATURES)[number]['contentType'];

/** The file's real type from its first bytes, among `allowed`, whatever its name or declared type says; null otherwise. */
export function sniffFileType<T extends SniffedType>(content: Buffer, allowed: readonly T[]): { contentType: T; extension: string } | null {
  const match = SIGNATURES.find((signature) => (allowed as readonly SniffedType[]).includes(signature.contentType)
    && signature.bytes.every((byte, i) => content[i] === byte));
  return match ? { contentType: match.contentType as T, extension: match.extension } : null;
}

/** Files buyers upload, kept in DATA_DIR/<folder> under random names; nothing in a path comes from the client. */
export function createPrivateFileStore(dataDir: string, folderName: string) {
  const folder = path.resolve(dataDir, folderName);
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
export type PrivateFileStore = ReturnType<typeof createPrivateFileStore>;
