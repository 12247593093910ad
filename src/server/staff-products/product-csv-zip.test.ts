import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { HttpError } from '../lib/errors.ts';
import { deflatedEntry, deflatedZeros, zipOf } from '../test/zip-fixtures.ts';
import { ImageZip, ZIP_MAX_ENTRIES, ZIP_MAX_TOTAL_BYTES, ZipEntryRefused } from './product-csv-zip.ts';

const MB = 1024 * 1024;

/** The 400 a zip is refused with: the `images` field's English text and key. */
function refusal(open: () => unknown) {
  try {
    open();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, errors: error.errors, issue: error.toBody().issues?.images?.[0] };
    throw error;
  }
  throw new Error('the zip was opened');
}

describe('an images zip', () => {
  it('finds a file by its path in the zip or by its name alone, stored or deflated', async () => {
    const zip = ImageZip.open(Buffer.from(zipSync({
      'photos/front.png': [new Uint8Array([1, 2, 3]), { level: 0 }], 'side.png': new Uint8Array(5000).fill(7),
    })), MB);
    expect(zip.has('photos/front.png') && zip.has('front.png') && zip.has('side.png')).toBe(true);
    expect(zip.has('back.png')).toBe(false);
    expect([...await zip.read('front.png')]).toEqual([1, 2, 3]);
    expect(await zip.read('side.png')).toEqual(Buffer.alloc(5000, 7));
  });

  it('is refused with a 400 when it is not a zip', () => {
    expect(refusal(() => ImageZip.open(Buffer.from('not a zip'), MB))).toEqual({
      status: 400, errors: { images: ['This is not a zip file, or it is damaged.'] }, issue: { key: 'zip_not_read' },
    });
  });

  it('is refused from its directory, before anything is unpacked, when it lists too many files', () => {
    const files = Object.fromEntries(Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => [`${i}.png`, new Uint8Array(0)]));
    expect(refusal(() => ImageZip.open(Buffer.from(zipSync(files)), MB))).toEqual({
      status: 400, errors: { images: ['The images zip holds more than 10000 files.'] }, issue: { key: 'zip_too_many_files', params: { max: 10_000 } },
    });
  });

  it('is refused from its directory when its files unpack to more than the total cap: a zip bomb of a few MB', async () => {
    const bomb = await deflatedZeros('0.png', 15 * MB);
    const zip = zipOf(Array.from({ length: 300 }, (_, i) => ({ ...bomb, name: `${i}.png` })));
    expect(zip.length).toBeLessThan(10 * MB);
    expect(300 * bomb.size).toBeGreaterThan(ZIP_MAX_TOTAL_BYTES);
    expect(refusal(() => ImageZip.open(zip, 15 * MB))).toEqual({
      status: 400, errors: { images: ['The images zip unpacks to more than 1 GB.'] }, issue: { key: 'zip_too_large', params: { max: 1 } },
    });
  });

  it('does not unpack a file past the per-file cap, nor past the size its directory claims', async () => {
    const large = zipOf([deflatedEntry('large.png', Buffer.alloc(2 * MB, 1))]);
    await expect(ImageZip.open(large, MB).read('large.png')).rejects.toEqual(new ZipEntryRefused('too_large', 'large.png'));

    // The directory claims 1 KB; the data unpacks to 256 MB. Unpacking stops at the claimed size.
    const lying = { ...await deflatedZeros('photo.png', 256 * MB), size: 1024 };
    const zip = ImageZip.open(zipOf([lying]), 15 * MB);
    const before = process.memoryUsage().arrayBuffers;
    await expect(zip.read('photo.png')).rejects.toEqual(new ZipEntryRefused('damaged', 'photo.png'));
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * MB);
  });

  it('unpacks one file at a time, whatever the reads asked for at once', async () => {
    const zip = ImageZip.open(zipOf(['a.png', 'b.png', 'c.png'].map((name) => deflatedEntry(name, Buffer.from(name)))), MB);
    const order: string[] = [];
    await Promise.all(['c.png', 'a.png', 'b.png'].map((name) => zip.read(name).then((content) => order.push(content.toString()))));
    expect(order).toEqual(['c.png', 'a.png', 'b.png']);
    await expect(zip.read('nothing.png')).rejects.toBeInstanceOf(ZipEntryRefused);
  });
});
