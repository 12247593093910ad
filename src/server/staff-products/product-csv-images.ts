import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { basename } from 'node:path';
import { unzipSync } from 'fflate';

/** An Image Src fetched from the web: at most this long and this large. */
export const IMAGE_TIMEOUT_MS = 10_000;
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Fetches an Image Src address; tests pass their own, as the shop's fetcher refuses local addresses. */
export type ImageFetcher = (url: URL) => Promise<Buffer>;

/** Where an import finds its images: a zip beside the CSV (entries by name), then the web. */
export interface ImageSources {
  zip?: Map<string, Buffer>;
  fetchImage: ImageFetcher;
}

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
    if (refused) return callback(new Error(`${hostname} is not a public address.`), '', 0);
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
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(bytes < MB ? 1 : 0)} MB`;

function readCapped(response: IncomingMessage, limits: FetcherLimits, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new Error(`The image is larger than ${megabytes(limits.maxBytes)}.`);
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
    response.on('error', (error) => reject(signal.aborted ? timedOut(limits) : error));
  });
}

const timedOut = (limits: FetcherLimits) => new Error(`The image took longer than ${limits.timeoutMs / 1000} seconds to download.`);

function request(url: URL, limits: FetcherLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const get = url.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    // An address written as an IP is connected to without a lookup: checked here instead.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!limits.allowPrivateAddresses && isIP(host) && isPrivateAddress(host)) {
      return reject(new Error(`${url.hostname} is not a public address.`));
    }
    const lookup = limits.allowPrivateAddresses ? undefined : publicOnlyLookup;
    const req = get(url, { lookup, signal, headers: { accept: 'image/*' } }, resolve);
    req.on('error', (error) => reject(signal.aborted ? timedOut(limits) : error));
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
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('Only http and https addresses are fetched.');
      const response = await request(url, limits, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new Error(`The address answered ${status}.`);
      }
      return readCapped(response, limits, signal);
    }
    throw new Error('The address redirects too often.');
  };
}

/** The shop's fetcher: 10 seconds, 15 MB, public addresses only. */
export const fetchPublicImage = createImageFetcher();

/** The zip's files that the CSV names (by path inside the zip, or by file name alone), each within the size cap. */
export function openImageZip(zip: Buffer, wanted: Set<string>): Map<string, Buffer> {
  const files = unzipSync(zip, {
    filter: (file) => (wanted.has(file.name) || wanted.has(basename(file.name))) && file.originalSize <= IMAGE_MAX_BYTES,
  });
  const found = new Map<string, Buffer>();
  for (const [name, content] of Object.entries(files)) {
    found.set(name, Buffer.from(content));
    if (!found.has(basename(name))) found.set(basename(name), Buffer.from(content));
  }
  return found;
}

const webAddress = (src: string): URL | null => {
  if (!/^https?:\/\//i.test(src)) return null;
  try {
    return new URL(src);
  } catch {
    return null;
  }
};

/** Why an Image Src cannot be read, found without reading it (a dry run's check); null when it looks readable. */
export function imageSourceProblem(src: string, sources: Pick<ImageSources, 'zip'>): string | null {
  if (webAddress(src) || sources.zip?.has(src)) return null;
  return sources.zip
    ? `The images zip has no file ${src}, and it is not an http(s) address.`
    : 'Give an http(s) address, or upload a zip of images that holds this file.';
}

/** The image's bytes from the zip or the web; throws an Error whose message says what went wrong. */
export async function readImageSource(src: string, sources: ImageSources): Promise<Buffer> {
  const problem = imageSourceProblem(src, sources);
  if (problem) throw new Error(problem);
  return sources.zip?.get(src) ?? sources.fetchImage(webAddress(src)!);
}
