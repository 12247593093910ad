import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MISSING, PHOTO_NOT_TAKEN } from '#contracts/staff-media';
import { productImageRenditions, productVariants } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { multipart, type Part } from '../test/multipart-body.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { addProductPhoto } from './product-photos.ts';

let t: TestApp;
let staff: Record<string, string>;
let productId: number;
let otherProductId: number;
let staffActor: { id: string; email: string };

const photo = (width: number, height: number, red = 200) => sharp({
  create: { width, height, channels: 3, background: { r: red, g: 90, b: 30 } },
}).png().toBuffer();

async function upload(id: number, parts: Part[], headers = staff) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/staff/products/${id}/images/`, headers: { ...headers, 'content-type': contentType }, payload });
}
const filePart = (content: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({ name: 'file', value: content, filename, contentType });
const trail = async () => (await t.app.inject({ url: `/api/staff/audit/?entity=product&id=${productId}`, headers: staff })).json().results;
const images = async (id = productId) => (await t.app.inject({ url: `/api/staff/products/${id}/images/`, headers: staff })).json().images;

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000, extraImages: 1 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 1_500 },
  ]);
  [productId, otherProductId] = products.map((product) => product.id);
  const catalogue = await createTestUser(t.database.db, { email: 'catalogue@sialkot.example', staffRole: 'catalogue' });
  staff = catalogue.headers;
  staffActor = { id: catalogue.user.id, email: catalogue.user.email };
});
afterAll(() => t.close());

describe('uploading a product photo', () => {
  it('encodes it, puts it last in the gallery with its size and srcset, and records who added it', async () => {
    // A PNG sent under a .jpg name and a JPEG type: the content decides.
    const res = await upload(productId, [{ name: 'alt', value: '  Mayo scissors, closed  ' }, filePart(await photo(1000, 750))]);
    expect(res.statusCode).toBe(201);
    const { image, created } = res.json();
    expect(created).toBe(true);
    expect(image).toMatchObject({
      url: `/media/photos/${image.id}/960.webp`, alt: 'Mayo scissors, closed', position: 2, width: 1000, height: 750,
      srcset: `/media/photos/${image.id}/320.webp 320w, /media/photos/${image.id}/640.webp 640w, /media/photos/${image.id}/960.webp 960w`,
    });
    const renditions = await t.database.db.select({ format: productImageRenditions.format, width: productImageRenditions.width })
      .from(productImageRenditions).where(eq(productImageRenditions.imageId, image.id));
    expect(renditions).toHaveLength(6);
    expect((await images()).map((i: { id: number }) => i.id).at(-1)).toBe(image.id);
    expect((await trail())[0]).toMatchObject({
      action: 'product.photo.add', entity: 'product', entityId: String(productId), actor: { email: 'catalogue@sialkot.example' },
      before: null, after: { id: image.id, alt: 'Mayo scissors, closed', width: 1000, height: 750 },
    });
  });

  it('finds the same file again instead of adding it twice, and adds nothing to the trail', async () => {
    const file = await photo(500, 500, 10);
    const first = await upload(productId, [{ name: 'alt', value: 'Tips' }, filePart(file)]);
    const entries = (await trail()).length;
    const again = await upload(productId, [{ name: 'alt', value: 'Tips again' }, filePart(file)]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, image: { id: first.json().image.id, alt: 'Tips' } });
    expect((await trail()).length).toBe(entries);
    // Another product may have the same photo.
    expect((await upload(otherProductId, [{ name: 'alt', value: 'Tips' }, filePart(file)])).statusCode).toBe(201);
  });

  it('is what the CSV import calls: the same file twice is one photo', async () => {
    const file = await photo(330, 200, 60);
    const first = await addProductPhoto(t.database.db, staffActor, otherProductId, file, 'From the import');
    expect(first.created).toBe(true);
    expect(await addProductPhoto(t.database.db, staffActor, otherProductId, file, 'From the import')).toEqual({ id: first.id, created: false });
  });

  it('asks for the alt text and the file, each on its own field, and writes nothing', async () => {
    const before = (await images()).length;
    const noAlt = await upload(productId, [{ name: 'alt', value: '   ' }, filePart(await photo(400, 300, 30))]);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().errors).toEqual({ alt: ['Describe the photo for people who cannot see it.'] });
    const nothing = await upload(productId, [{ name: 'alt', value: 'Handles' }]);
    expect(nothing.json().errors).toEqual({ file: [FILE_MISSING] });
    const pdf = await upload(productId, [{ name: 'alt', value: 'Handles' }, filePart(Buffer.from('%PDF-1.7\n%%EOF\n'), 'scan.jpg')]);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual({ file: [PHOTO_NOT_TAKEN] });
    expect((await images()).length).toBe(before);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await upload(999_999, [{ name: 'alt', value: 'x' }, filePart(await photo(100, 100))])).statusCode).toBe(404);
  });

  it('is for catalogue staff and the owner only', async () => {
    const fulfilment = await createTestUser(t.database.db, { email: 'packer@sialkot.example', staffRole: 'fulfilment' });
    const buyer = await createTestUser(t.database.db, { email: 'buyer@hospital.example' });
    const owner = await createTestUser(t.database.db, { email: 'owner@sialkot.example', staffRole: 'owner' });
    const parts = [{ name: 'alt', value: 'Closed' }, filePart(await photo(300, 300, 90))];
    expect((await upload(productId, parts, fulfilment.headers)).statusCode).toBe(403);
    expect((await upload(productId, parts, buyer.headers)).statusCode).toBe(403);
    expect((await upload(productId, parts, {})).statusCode).toBe(401);
    expect((await upload(productId, parts, owner.headers)).statusCode).toBe(201);
    const rename = await t.app.inject({
      method: 'PATCH', url: `/api/staff/products/${productId}/images/${(await images())[0].id}/`, headers: fulfilment.headers, payload: { alt: 'x' },
    });
    expect(rename.statusCode).toBe(403);
  });
});

describe('managing the gallery', () => {
  it('changes a photo\'s alt text, and refuses an empty one', async () => {
    const [first] = await images();
    const url = `/api/staff/products/${productId}/images/${first.id}/`;
    const res = await t.app.inject({ method: 'PATCH', url, headers: staff, payload: { alt: 'Mayo scissors, open' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().image).toMatchObject({ id: first.id, alt: 'Mayo scissors, open' });
    expect((await trail())[0]).toMatchObject({ action: 'product.photo.alt', before: { alt: first.alt }, after: { alt: 'Mayo scissors, open' } });
    const empty = await t.app.inject({ method: 'PATCH', url, headers: staff, payload: { alt: '' } });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['alt']);
    const elsewhere = await t.app.inject({
      method: 'PATCH', url: `/api/staff/products/${otherProductId}/images/${first.id}/`, headers: staff, payload: { alt: 'x' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('reorders by a permutation of the product\'s image ids, and nothing else', async () => {
    const ids = (await images()).map((image: { id: number }) => image.id);
    const reversed = [...ids].reverse();
    const url = `/api/staff/products/${productId}/images/order/`;
    const res = await t.app.inject({ method: 'PUT', url, headers: staff, payload: { ids: reversed } });
    expect(res.statusCode).toBe(200);
    expect(res.json().images.map((image: { id: number; position: number }) => [image.id, image.position]))
      .toEqual(reversed.map((id, position) => [id, position]));
    expect((await trail())[0]).toMatchObject({ action: 'product.photo.order', before: { ids }, after: { ids: reversed } });

    const [otherImage] = await images(otherProductId);
    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), reversed[1]], [...reversed.slice(1), otherImage.id]]) {
      const refused = await t.app.inject({ method: 'PUT', url, headers: staff, payload: { ids: bad } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ ids: ['List each of the product\'s photos once.'] });
    }
    expect((await images()).map((image: { id: number }) => image.id)).toEqual(reversed);
  });

  it('removes a photo with its renditions, and a drawing too; a variant that showed it shows the gallery again', async () => {
    const gallery = await images();
    const uploaded = gallery.find((image: { srcset: string }) => image.srcset !== '');
    const drawing = gallery.find((image: { srcset: string }) => image.srcset === '');
    await t.database.db.update(productVariants).set({ image: uploaded.url }).where(eq(productVariants.productId, productId));

    const res = await t.app.inject({ method: 'DELETE', url: `/api/staff/products/${productId}/images/${uploaded.id}/`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().images.map((image: { id: number }) => image.id)).not.toContain(uploaded.id);
    expect(await t.database.db.select().from(productImageRenditions).where(eq(productImageRenditions.imageId, uploaded.id))).toEqual([]);
    const [variant] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    expect(variant.image).toBeNull();
    expect((await trail())[0]).toMatchObject({ action: 'product.photo.remove', before: { id: uploaded.id }, after: null });
    expect((await t.app.inject(uploaded.url)).statusCode).toBe(404);

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/staff/products/${productId}/images/${drawing.id}/`, headers: staff });
    expect(gone.json().images.map((image: { id: number }) => image.id)).not.toContain(drawing.id);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/staff/products/${productId}/images/${drawing.id}/`, headers: staff });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /media/photos/{imageId}/{width}.{format}', () => {
  it('serves each rendition for good, with its type and an ETag, and 304 when it is already cached', async () => {
    const { image } = (await upload(otherProductId, [{ name: 'alt', value: 'Box lock' }, filePart(await photo(700, 400, 140))])).json();
    for (const [format, type] of [['webp', 'image/webp'], ['avif', 'image/avif']]) {
      const res = await t.app.inject(`/media/photos/${image.id}/640.${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBe(`"${image.id}-640-${format}"`);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
      const cached = await t.app.inject({ url: `/media/photos/${image.id}/640.${format}`, headers: { 'if-none-match': res.headers.etag as string } });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
    }
  });

  it('answers 404 for a width, format or photo there is not', async () => {
    const [image] = await images(otherProductId);
    for (const url of [`/media/photos/${image.id}/960.webp`, '/media/photos/999999/320.webp', `/media/photos/${image.id}/320.png`,
      `/media/photos/${image.id}/320.webp.exe`, '/media/photos/abc/320.webp', '/media/photos/99999999999/320.webp']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('on the storefront', () => {
  it('gives the card and the gallery each photo\'s srcset and size; a drawing keeps its one address', async () => {
    const gallery = await images(otherProductId);
    const photoFirst = [...gallery.filter((image: { srcset: string }) => image.srcset), ...gallery.filter((image: { srcset: string }) => !image.srcset)];
    await t.app.inject({
      method: 'PUT', url: `/api/staff/products/${otherProductId}/images/order/`, headers: staff, payload: { ids: photoFirst.map((image: { id: number }) => image.id) },
    });
    const [main] = photoFirst;

    const list = (await t.app.inject('/api/products/?category=general-surgery')).json().results;
    const card = list.find((item: { slug: string }) => item.slug === 'adson-forceps');
    expect(card).toMatchObject({ main_image: main.url, image_srcset: main.srcset });
    expect(card.image_srcset).toMatch(/^\/media\/photos\/\d+\/320\.webp 320w/);
    expect(list.find((item: { slug: string }) => item.slug === 'mayo-scissors').image_srcset).toBe((await images())[0].srcset);

    const detail = (await t.app.inject('/api/products/adson-forceps/')).json();
    expect(detail.main_image).toBe(main.url);
    expect(detail.images[0]).toEqual({ id: main.id, image_url: main.url, alt: main.alt, srcset: main.srcset, width: main.width, height: main.height });
    expect(detail.images.at(-1)).toMatchObject({ srcset: '', width: null, height: null });
  });
});
