import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import { createImageFetcher, fetchPublicImage, imageSourceProblem, isPrivateAddress, openImageZip, readImageSource } from './product-csv-images.ts';

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
    await expect(local(new URL(`${base}/huge`))).rejects.toThrow('The image is larger than 0.1 MB.');
    await expect(local(new URL(`${base}/slow`))).rejects.toThrow('The image took longer than 0.5 seconds to download.');
    await expect(local(new URL(`${base}/nothing.png`))).rejects.toThrow('The address answered 404.');
  });

  it('refuses loopback, private and link-local addresses, by IP or by name, and other schemes', async () => {
    await expect(fetchPublicImage(new URL(`${base}/photo.png`))).rejects.toThrow('127.0.0.1 is not a public address.');
    await expect(fetchPublicImage(new URL('http://localhost/photo.png'))).rejects.toThrow('localhost is not a public address.');
    await expect(fetchPublicImage(new URL('http://[::1]/photo.png'))).rejects.toThrow('is not a public address.');
    await expect(fetchPublicImage(new URL('ftp://images.example/photo.png'))).rejects.toThrow('Only http and https addresses are fetched.');
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
    await expect(fetchPublicImage(new URL('http://[64:ff9b::7f00:1]/photo.png'))).rejects.toThrow('is not a public address.');
    await expect(fetchPublicImage(new URL('http://203.0.113.5/photo.png'))).rejects.toThrow('203.0.113.5 is not a public address.');
    for (const address of ['8.8.8.8', '2001:4860:4860::8888', '64:ff9a::1', '2001:db9::1']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('images from a zip', () => {
  it('finds a file by its path in the zip or by its name alone, and reads only the files the CSV names', async () => {
    const zip = Buffer.from(zipSync({ 'photos/front.png': new Uint8Array([1, 2, 3]), 'other.png': new Uint8Array([4]) }));
    const files = openImageZip(zip, new Set(['front.png']));
    expect([...files.keys()]).toEqual(['photos/front.png', 'front.png']);
    const sources = { zip: files, fetchImage: () => Promise.reject(new Error('not fetched')) };
    expect([...await readImageSource('front.png', sources)]).toEqual([1, 2, 3]);
    expect(imageSourceProblem('other.png', sources)).toBe('The images zip has no file other.png, and it is not an http(s) address.');
    expect(imageSourceProblem('https://images.example/a.png', {})).toBeNull();
    expect(imageSourceProblem('a.png', {})).toBe('Give an http(s) address, or upload a zip of images that holds this file.');
    expect(() => openImageZip(Buffer.from('not a zip'), new Set(['a.png']))).toThrow();
  });
});
