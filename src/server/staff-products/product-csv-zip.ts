import { basename } from 'node:path';
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { ZIP_NOT_READ, zipTooLarge, zipTooManyFiles } from '#contracts/product-import';
import { badRequest } from '../lib/errors.ts';

/** An images zip may list at most this many files, unpacking to at most this much in all (its directory says). */
export const ZIP_MAX_ENTRIES = 10_000;
export const ZIP_MAX_TOTAL_BYTES = 1024 * 1024 * 1024;

const inflate = promisify(inflateRaw);

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_MIN_SIZE = 22;
const END_MAX_SEARCH = END_MIN_SIZE + 0xffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;

interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

/** Why an entry could not be read: larger than the cap, or not what the zip's directory says it is. */
export class ZipEntryRefused extends Error {
  constructor(readonly reason: 'too_large' | 'damaged', readonly file: string) {
    super(`${file}: ${reason}`);
  }
}

const notRead = () => badRequest({ images: [ZIP_NOT_READ] });

function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - END_MIN_SIZE; at >= Math.max(0, zip.length - END_MAX_SEARCH); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw notRead();
}

/** The zip's directory, checked against the caps before anything is unpacked. */
function readDirectory(zip: Buffer): ZipEntry[] {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  // A ZIP64 archive writes 0xffff here: more files than the cap in any case.
  if (count > ZIP_MAX_ENTRIES) throw badRequest({ images: [zipTooManyFiles(ZIP_MAX_ENTRIES)] });
  const entries: ZipEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw notRead();
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      encrypted: (zip.readUInt16LE(at + 8) & ENCRYPTED) !== 0,
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      headerOffset: zip.readUInt32LE(at + 42),
    };
    // A ZIP64 size (0xffffffff) is 4 GB or more: past the total cap as well.
    total += entry.size;
    if (total > ZIP_MAX_TOTAL_BYTES) throw badRequest({ images: [zipTooLarge(ZIP_MAX_TOTAL_BYTES / (1024 * 1024 * 1024))] });
    if (!entry.name.endsWith('/')) entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The images zip beside a product CSV. Opening it reads only its directory, refusing (400) a zip that lists more files,
 * or more bytes in all, than the caps. Each file is unpacked when the import needs it, one at a time, on the thread
 * pool (never on the event loop), into no more than its directory says it holds and the per-file cap: a file that
 * would unpack to more is damaged, whatever its header claims.
 */
export class ImageZip {
  private readonly entries = new Map<string, ZipEntry>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly zip: Buffer, private readonly maxEntryBytes: number) {}

  static open(zip: Buffer, maxEntryBytes: number): ImageZip {
    const opened = new ImageZip(zip, maxEntryBytes);
    for (const entry of readDirectory(zip)) {
      opened.entries.set(entry.name, entry);
      if (!opened.entries.has(basename(entry.name))) opened.entries.set(basename(entry.name), entry);
    }
    return opened;
  }

  /** A file by its path in the zip or by its name alone. */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The file's content; throws ZipEntryRefused when it is past the cap or does not unpack as its directory says. */
  read(name: string): Promise<Buffer> {
    const next = this.queue.then(() => this.unpack(name));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async unpack(name: string): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new ZipEntryRefused('damaged', name);
    if (entry.size > this.maxEntryBytes) throw new ZipEntryRefused('too_large', name);
    const damaged = new ZipEntryRefused('damaged', name);
    const header = entry.headerOffset;
    if (entry.encrypted || header + 30 > this.zip.length || this.zip.readUInt32LE(header) !== LOCAL_HEADER) throw damaged;
    const start = header + 30 + this.zip.readUInt16LE(header + 26) + this.zip.readUInt16LE(header + 28);
    const compressed = this.zip.subarray(start, start + entry.compressedSize);
    if (compressed.length !== entry.compressedSize) throw damaged;
    let content: Buffer;
    if (entry.method === STORED) content = compressed;
    else if (entry.method === DEFLATED) {
      content = await inflate(compressed, { maxOutputLength: Math.max(1, entry.size) }).catch(() => {
        throw damaged;
      });
    } else throw damaged;
    if (content.length !== entry.size || crc32(content) !== entry.crc) throw damaged;
    return content;
  }
}
