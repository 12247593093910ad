import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { ProblemCause } from './product-csv-problems.ts';
import { ZipEntryRefused, type ImageZip } from './product-csv-zip.ts';

/** An Image Src fetched from the web: at most this long and this large. */
export const IMAGE_TIMEOUT_MS = 10_000;
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Fetches an Image Src address; tests pass their own, as the shop's fetcher refuses local addresses. */
export type ImageFetcher = (url: URL) => Promise<Buffer>;

/** Where an import finds its images: a zip beside the CSV (entries by name), then the web. */
export interface ImageSources {
  zip?: ImageZip;
  fetchImage: ImageFetcher;
}

/** Why an image could not be read, as a problem a person can act on. */
export class ImageFailure extends Error {
  constructor(readonly problem: ProblemCause) {
    super(problem.key);
  }
}

const failure = (key: ProblemCause['key'], params?: ProblemCause['params']) => new ImageFailure({ key, ...(params ? { params } : {}) });

const privateRanges = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3],
  // Documentation (TEST-NET-1, -2 and -3): never a real server, so an address there is a trick.
  ['192.0.2.0', 24], ['198.51.100.0', 24], ['203.0.113.0', 24],
] as const) privateRanges.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d).
  ['::', 96],
  // NAT64, well-known and local-use: a gateway translates these to the IPv4 address they carry, private ones included.
  ['64:ff9b::', 96], ['64:ff9b:1::', 48],
  // Discard-only, documentation (old and new), unique local, link-local, multicast.
  ['100::', 64], ['2001:db8::', 32], ['3fff::', 20], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(address, prefix, 'ipv6');
}

/**
 * Loopback, private, link-local, shared, documentation, NAT64, multicast and unspecified addresses (IPv4-mapped IPv6
 * included): what an outbound fetch may not reach.
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1], 'ipv4');
  return privateRanges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Resolves a host as the connection will, refusing it when any of its addresses is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(failure('image_not_public', { host: hostname }), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

export interface FetcherLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Local and private addresses too: for tests, which serve images from this machine. */
  allowPrivateAddresses: boolean;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Number((bytes / MB).toFixed(bytes < MB ? 1 : 0));

function readCapped(response: IncomingMessage, url: URL, limits: FetcherLimits, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => failure('image_too_large', { max: megabytes(limits.maxBytes) });
  return new Promise((resolve, reject) => {
    if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
      response.destroy();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) {
        response.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (error) => reject(signal.aborted ? timedOut(url, limits) : unreachable(url, error)));
  });
}

const timedOut = (url: URL, limits: FetcherLimits) => failure('image_timeout', { host: url.hostname, seconds: limits.timeoutMs / 1000 });

/** A connection that failed (no such host, refused, reset, a bad certificate): the host could not be reached. */
const unreachable = (url: URL, error: Error) => (error instanceof ImageFailure ? error : failure('image_unreachable', { host: url.hostname }));

function request(url: URL, limits: FetcherLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const get = url.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    // An address written as an IP is connected to without a lookup: checked here instead.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!limits.allowPrivateAddresses && isIP(host) && isPrivateAddress(host)) {
      return reject(failure('image_not_public', { host: url.hostname }));
    }
    const lookup = limits.allowPrivateAddresses ? undefined : publicOnlyLookup;
    const req = get(url, { lookup, signal, headers: { accept: 'image/*' } }, resolve);
    req.on('error', (error) => reject(signal.aborted ? timedOut(url, limits) : unreachable(url, error)));
  });
}

/**
 * A fetcher for Image Src addresses: http(s) only, public addresses only (checked on the address the connection
 * uses, redirects included), one time limit for the whole download, and the stream cut beyond the size cap.
 */
export function createImageFetcher(options: Partial<FetcherLimits> = {}): ImageFetcher {
  const limits: FetcherLimits = { timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: IMAGE_MAX_BYTES, allowPrivateAddresses: false, ...options };
  return async (start) => {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let url = start;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw failure('image_not_web');
      const response = await request(url, limits, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw failure('image_status', { host: url.hostname, status });
      }
      return readCapped(response, url, limits, signal);
    }
    throw failure('image_redirects', { host: start.hostname });
  };
}

/** The shop's fetcher: 10 seconds, 15 MB, public addresses only. */
export const fetchPublicImage = createImageFetcher();

const webAddress = (src: string): URL | null => {
  if (!/^https?:\/\//i.test(src)) return null;
  try {
    return new URL(src);
  } catch {
    return null;
  }
};

/** Why an Image Src cannot be read, found without reading it (a dry run's check); null when it looks readable. */
export function imageSourceProblem(src: string, sources: Pick<ImageSources, 'zip'>): ProblemCause | null {
  if (webAddress(src) || sources.zip?.has(src)) return null;
  return sources.zip ? { key: 'image_not_in_zip', params: { file: src } } : { key: 'image_not_web' };
}

/** The image's bytes from the zip or the web; throws an ImageFailure that says what went wrong. */
export async function readImageSource(src: string, sources: ImageSources): Promise<Buffer> {
  const problem = imageSourceProblem(src, sources);
  if (problem) throw new ImageFailure(problem);
  if (!sources.zip?.has(src)) return sources.fetchImage(webAddress(src)!);
  return sources.zip.read(src).catch((error: unknown) => {
    if (!(error instanceof ZipEntryRefused)) throw error;
    throw error.reason === 'too_large' ? failure('image_too_large', { max: megabytes(IMAGE_MAX_BYTES) }) : failure('image_zip_damaged', { file: src });
  });
}
