import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import {
  createImageFetcher, fetchPublicImage, ImageFailure, imageSourceProblem, isPrivateAddress, readImageSource,
} from './product-csv-images.ts';
import type { ProblemCause } from './product-csv-problems.ts';
import { ImageZip } from './product-csv-zip.ts';

/** The problem a failed read is reported with. */
const failing = (problem: ProblemCause) => expect.objectContaining({ problem });

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/photo.png') return response.end(Buffer.alloc(1000, 1));
    if (request.url === '/moved') return response.writeHead(302, { location: '/photo.png' }).end();
    if (request.url === '/huge') {
      // No Content-Length: the cap has to cut the stream itself.
      response.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 2);
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
      return undefined;
    }
    if (request.url === '/slow') return undefined;
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
}));

describe('fetching an Image Src', () => {
  const local = createImageFetcher({ allowPrivateAddresses: true, maxBytes: 100_000, timeoutMs: 500 });

  it('reads an image, following a redirect', async () => {
    expect((await local(new URL(`${base}/photo.png`))).length).toBe(1000);
    expect((await local(new URL(`${base}/moved`))).length).toBe(1000);
  });

  it('cuts a download past the size cap, gives up after the time limit and names a failing status', async () => {
    await expect(local(new URL(`${base}/huge`))).rejects.toEqual(failing({ key: 'image_too_large', params: { max: 0.1 } }));
    await expect(local(new URL(`${base}/slow`))).rejects.toEqual(failing({ key: 'image_timeout', params: { host: '127.0.0.1', seconds: 0.5 } }));
    await expect(local(new URL(`${base}/nothing.png`))).rejects.toEqual(failing({ key: 'image_status', params: { host: '127.0.0.1', status: 404 } }));
  });

  it('says a host that does not exist could not be reached, not how the lookup failed', async () => {
    // .invalid names never resolve (RFC 2606), with or without a network.
    const failed = await fetchPublicImage(new URL('https://images.example.invalid/photo.png')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ImageFailure);
    expect(failed).toEqual(failing({ key: 'image_unreachable', params: { host: 'images.example.invalid' } }));
  });

  it('refuses loopback, private and link-local addresses, by IP or by name, and other schemes', async () => {
    await expect(fetchPublicImage(new URL(`${base}/photo.png`))).rejects.toEqual(failing({ key: 'image_not_public', params: { host: '127.0.0.1' } }));
    await expect(fetchPublicImage(new URL('http://localhost/photo.png'))).rejects.toEqual(failing({ key: 'image_not_public', params: { host: 'localhost' } }));
    await expect(fetchPublicImage(new URL('http://[::1]/photo.png'))).rejects.toEqual(failing({ key: 'image_not_public', params: { host: '[::1]' } }));
    await expect(fetchPublicImage(new URL('ftp://images.example/photo.png'))).rejects.toEqual(failing({ key: 'image_not_web' }));
    for (const address of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses NAT64 addresses, which a gateway turns into the IPv4 address inside, and documentation and shared ranges', async () => {
    const refused = [
      '64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::a00:1', '::127.0.0.1', '::ffff:7f00:1',
      '192.0.2.10', '198.51.100.7', '203.0.113.200', '2001:db8::1', '3fff::1', '100.64.0.1', '100::1',
    ];
    for (const address of refused) expect(isPrivateAddress(address), address).toBe(true);
    await expect(fetchPublicImage(new URL('http://[64:ff9b::7f00:1]/photo.png'))).rejects.toEqual(failing({ key: 'image_not_public', params: { host: '[64:ff9b::7f00:1]' } }));
    await expect(fetchPublicImage(new URL('http://203.0.113.5/photo.png'))).rejects.toEqual(failing({ key: 'image_not_public', params: { host: '203.0.113.5' } }));
    for (const address of ['8.8.8.8', '2001:4860:4860::8888', '64:ff9a::1', '2001:db9::1']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('where an Image Src is read', () => {
  it('reads a file of the zip by its name, else fetches an http(s) address; anything else is a problem found without reading', async () => {
    const zip = ImageZip.open(Buffer.from(zipSync({ 'photos/front.png': new Uint8Array([1, 2, 3]) })), 1024);
    const sources = { zip, fetchImage: () => Promise.reject(new Error('not fetched')) };
    expect([...await readImageSource('front.png', sources)]).toEqual([1, 2, 3]);
    expect(imageSourceProblem('other.png', sources)).toEqual({ key: 'image_not_in_zip', params: { file: 'other.png' } });
    await expect(readImageSource('other.png', sources)).rejects.toEqual(failing({ key: 'image_not_in_zip', params: { file: 'other.png' } }));
    expect(imageSourceProblem('https://images.example/a.png', {})).toBeNull();
    expect(imageSourceProblem('a.png', {})).toEqual({ key: 'image_not_web' });
  });
});
