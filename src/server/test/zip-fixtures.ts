import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** A file of a zip as its directory describes it: `size` may claim something else than `deflated` unpacks to. */
export interface ZipEntryFixture {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

export const deflatedEntry = (name: string, content: Buffer): ZipEntryFixture => ({
  name, deflated: deflateRawSync(content), size: content.length, crc: crc32(content),
});

/** `bytes` zero bytes deflated, without ever holding them: a few KB or MB that unpack to as much as asked. */
export async function deflatedZeros(name: string, bytes: number): Promise<ZipEntryFixture> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  let crc = 0;
  for (let left = bytes; left > 0; left -= chunk.length) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  return { name, deflated: Buffer.concat(out), size: bytes, crc };
}

/** A zip of deflated entries, written by hand so that a test can make its directory say what it likes. */
export function zipOf(entries: ZipEntryFixture[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    directory.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}
