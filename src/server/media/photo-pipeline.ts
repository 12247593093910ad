import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PHOTO_FORMATS, type PhotoFormat } from '#contracts/catalog';
import {
  PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_NOT_TAKEN, PHOTO_TOO_LARGE, PHOTO_TOO_MANY_PIXELS, PHOTO_WIDTHS,
} from '#contracts/staff-media';
import { badRequest } from '../lib/errors.ts';

const TAKEN_FORMATS = new Set<Metadata['format']>(['jpeg', 'png', 'webp']);

export interface Rendition {
  format: PhotoFormat;
  width: number;
  height: number;
  content: Buffer;
}

export interface ProcessedPhoto {
  /** The photo as it is seen, EXIF orientation applied. */
  width: number;
  height: number;
  /** sha256 (hex) of the uploaded file. */
  contentHash: string;
  renditions: Rendition[];
}

const refuse = (reason: string) => badRequest({ file: [reason] });

/** The widths to encode: the standard ones up to the photo's own width, or its own width when it is narrower. */
export function renditionWidths(width: number): number[] {
  const fitting = PHOTO_WIDTHS.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}

/** Reads the header only: the format and the dimensions, before a single pixel is decoded. */
async function headerOf(file: Buffer): Promise<Metadata> {
  try {
    return await sharp(file).metadata();
  } catch {
    throw refuse(PHOTO_NOT_TAKEN);
  }
}

/**
 * An uploaded photo checked by its content (JPEG, PNG or WebP, at most PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS) and
 * encoded as AVIF and WebP at renditionWidths(), turned upright and stripped of its metadata (EXIF, GPS, ICC: pixels
 * are converted to sRGB). Throws a 400 on `file` for anything refused.
 */
export async function processPhoto(file: Buffer): Promise<ProcessedPhoto> {
  if (file.length > PHOTO_MAX_BYTES) throw refuse(PHOTO_TOO_LARGE);
  const header = await headerOf(file);
  if (!TAKEN_FORMATS.has(header.format) || !header.width || !header.height) throw refuse(PHOTO_NOT_TAKEN);
  if (header.width * header.height > PHOTO_MAX_PIXELS) throw refuse(PHOTO_TOO_MANY_PIXELS);

  const { width, height } = header.autoOrient;
  const widths = renditionWidths(width);
  // Decode once, upright and at the largest width needed; every rendition is resized from that.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(file, { limitInputPixels: PHOTO_MAX_PIXELS })
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(PHOTO_NOT_TAKEN);
  }
  const raw = { width: upright.info.width, height: upright.info.height, channels: upright.info.channels };

  const renditions = await Promise.all(widths.flatMap((target) => PHOTO_FORMATS.map(async (format): Promise<Rendition> => {
    const resized = sharp(upright.data, { raw }).resize({ width: target, withoutEnlargement: true });
    const encoded = format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 80 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { format, width: info.width, height: info.height, content: data };
  })));
  return { width, height, contentHash: createHash('sha256').update(file).digest('hex'), renditions };
}
