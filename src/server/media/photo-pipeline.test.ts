import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_NOT_TAKEN, PHOTO_TOO_LARGE, PHOTO_TOO_MANY_PIXELS } from '#contracts/staff-media';
import { HttpError } from '../lib/errors.ts';
import { processPhoto, renditionWidths } from './photo-pipeline.ts';

const photo = (width: number, height: number) => sharp({
  create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
});

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** A PNG that declares its size in its header but holds no pixels at all (an empty IDAT). */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header), pngChunk('IDAT', Buffer.alloc(0)), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(file: Buffer): Promise<unknown> {
  const error = await processPhoto(file).then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(400);
  return (error as HttpError).errors;
}

describe('processPhoto', () => {
  it('turns a photo upright by its EXIF orientation and strips every piece of metadata', async () => {
    const sideways = await photo(800, 400).jpeg().withMetadata({ orientation: 6 }).withExif({ IFD0: { Copyright: 'Ravi Surgical Works' } }).toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();

    const processed = await processPhoto(sideways);
    expect([processed.width, processed.height]).toEqual([400, 800]);
    expect(processed.renditions.map((r) => [r.format, r.width, r.height])).toEqual([['avif', 320, 640], ['webp', 320, 640]]);
    for (const rendition of processed.renditions) {
      const meta = await sharp(rendition.content).metadata();
      expect(meta.format).toBe(rendition.format === 'avif' ? 'heif' : 'webp');
      expect([meta.width, meta.height]).toEqual([320, 640]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    expect(processed.contentHash).toBe(createHash('sha256').update(sideways).digest('hex'));
  });

  it('encodes AVIF and WebP at every standard width up to the photo\'s own, never larger', async () => {
    const processed = await processPhoto(await photo(1700, 1000).png().toBuffer());
    expect(processed.renditions.map((r) => `${r.format} ${r.width}x${r.height}`)).toEqual([
      'avif 320x188', 'webp 320x188', 'avif 640x376', 'webp 640x376', 'avif 960x565', 'webp 960x565', 'avif 1600x941', 'webp 1600x941',
    ]);
    const webp = await processPhoto(await photo(700, 700).webp().toBuffer());
    expect(webp.renditions.map((r) => r.width)).toEqual([320, 320, 640, 640]);
  });

  it('keeps a photo narrower than the smallest width at its own width', async () => {
    expect(renditionWidths(200)).toEqual([200]);
    expect(renditionWidths(320)).toEqual([320]);
    expect(renditionWidths(1599)).toEqual([320, 640, 960]);
    expect(renditionWidths(4000)).toEqual([320, 640, 960, 1600]);
    const small = await processPhoto(await photo(200, 150).jpeg().toBuffer());
    expect(small.renditions.map((r) => [r.width, r.height])).toEqual([[200, 150], [200, 150]]);
  });

  it('judges the content, not a name or a declared type: PDF, text and GIF are refused', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'))).toEqual({ file: [PHOTO_NOT_TAKEN] });
    expect(await refusal(Buffer.from('just some text, named photo.jpg'))).toEqual({ file: [PHOTO_NOT_TAKEN] });
    expect(await refusal(await photo(40, 40).gif().toBuffer())).toEqual({ file: [PHOTO_NOT_TAKEN] });
    expect(await refusal(Buffer.alloc(0))).toEqual({ file: [PHOTO_NOT_TAKEN] });
  });

  it('refuses a file over 15 MB before reading it', async () => {
    expect(await refusal(Buffer.alloc(PHOTO_MAX_BYTES + 1))).toEqual({ file: [PHOTO_TOO_LARGE] });
  });

  it('refuses more than 40 megapixels from the header alone, without decoding a pixel', async () => {
    const huge = pngHeader(8000, 5001);
    expect(huge.length).toBeLessThan(100);
    expect(await refusal(huge)).toEqual({ file: [PHOTO_TOO_MANY_PIXELS] });
    // The same header at 40 megapixels passes the size check and fails only on its missing pixels.
    expect(await refusal(pngHeader(8000, 5000))).toEqual({ file: [PHOTO_NOT_TAKEN] });
  });
});
