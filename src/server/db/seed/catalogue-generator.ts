import { centsToNumber } from '#contracts/money';
import { IMAGE_VIEWS, instrumentImageUrl } from '../../media/instrument-families.ts';
import { brandsFor, type Brand } from './brands.ts';
import { CATEGORIES, type CategorySeed } from './categories.ts';
import { CERTIFICATIONS, certificationsFor, type CertificationSeed } from './certifications.ts';
import { INSTRUMENT_TYPES, type InstrumentType } from './instrument-types.ts';
import { listPriceCents, originalPriceCents, retailCents } from './prices.ts';
import { productDescription, productFeatures, shortDescription } from './product-copy.ts';
import { chooseFinish, chooseMaterial, chooseWarranty, productName, slugify, type ProductVariant } from './product-variant.ts';
import { Random } from './random.ts';
import { productSpecifications, type Specification } from './specifications.ts';
import { openingStock, type OpeningStock } from './stock-levels.ts';

export const CATALOGUE_SEED = 0x5eed_2024;
export const DEFAULT_PRODUCT_COUNT = 1200;
const HISTORY_DAYS = 548;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface CatalogueOptions {
  productCount?: number;
  now?: Date;
}

export interface ProductSeed {
  index: number;
  categorySlug: string;
  typeSlug: string;
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  brand: string;
  modelNumber: string;
  priceCents: number;
  originalPriceCents: number | null;
  createdAt: Date;
  images: { url: string; alt: string }[];
  certificationCodes: string[];
  features: string[];
  specifications: Specification[];
  documentSlugs: string[];
  stock: OpeningStock & { soldAt: Date | null };
}

export interface FlashSaleSeed {
  productIndex: number;
  salePriceCents: number;
  /** Units offered at the sale price; null: while stock lasts. Nothing is claimed until real orders claim it. */
  units: number | null;
  startsAt: Date;
  endsAt: Date;
}

export type DocumentSeed =
  | { kind: 'ifu'; slug: string; name: string; type: InstrumentType }
  /** `previous`: the certificate this one replaced, kept as an expired earlier version. */
  | { kind: 'certificate'; slug: string; name: string; certification: CertificationSeed; previous?: boolean };

export interface Catalogue {
  now: Date;
  productCount: number;
  categories: readonly CategorySeed[];
  certifications: readonly CertificationSeed[];
  documents: DocumentSeed[];
  product(index: number): ProductSeed;
  products(): Generator<ProductSeed>;
  flashSales: FlashSaleSeed[];
}

export const ifuSlug = (type: InstrumentType) => `ifu-${type.slug}`;
export const certificateSlug = (code: string) => `certificate-${slugify(code)}`;
export const previousCertificateSlug = (code: string) => `${certificateSlug(code)}-previous`;

interface VariantChoice {
  brand: Brand;
  sizeIndex: number;
  pattern: string | null;
  tc: boolean;
}

/** Every size × pattern × carbide × brand combination of a type, in a fixed shuffled order. */
function variantChoices(type: InstrumentType, typeIndex: number): VariantChoice[] {
  const choices: VariantChoice[] = [];
  for (const brand of brandsFor(type.kind, type.category)) {
    for (let sizeIndex = 0; sizeIndex < type.sizes.length; sizeIndex++) {
      for (const pattern of type.patterns ?? [null]) {
        for (const tc of type.tc ? [false, true] : [false]) choices.push({ brand, sizeIndex, pattern, tc });
      }
    }
  }
  return new Random(CATALOGUE_SEED + typeIndex).shuffle(choices);
}

const TYPE_ORDER = new Random(CATALOGUE_SEED).shuffle(INSTRUMENT_TYPES);
const CHOICES = TYPE_ORDER.map(variantChoices);

/** Model numbers are unique because the digits are a bijection of the product index. */
function modelDigits(index: number, productCount: number): number {
  const span = 90_000 * Math.ceil(productCount / 90_000);
  return 10_000 + ((index * 7919) % span);
}

function productCertifications(type: InstrumentType, material: string | null, random: Random): string[] {
  const eligible = certificationsFor(type, material ?? '');
  const required = eligible.filter((c) => c.code === 'ISO 13485' || c.material);
  const optional = eligible.filter((c) => !required.includes(c));
  const extra = random.sample(optional, Math.max(0, Math.min(optional.length, random.int(1, 4) - required.length)));
  return CERTIFICATIONS.filter((c) => required.includes(c) || extra.includes(c)).map((c) => c.code);
}

function imageCount(random: Random): number {
  const roll = random.float();
  return roll < 0.7 ? 4 : roll < 0.85 ? 3 : roll < 0.95 ? 2 : 1;
}

function imageAlt(name: string, type: InstrumentType, view: number): string {
  const packed = type.kind === 'hand-instrument' || type.kind === 'implant' ? 'in its sterilization pouch' : 'with packaging and accessories';
  const labels = ['', 'angled view', type.kind === 'hand-instrument' ? 'close-up of the working end' : 'detail view', packed];
  return view === 1 ? name : `${name}, ${labels[view - 1]}`;
}

function buildProduct(index: number, productCount: number, now: Date): ProductSeed {
  const random = Random.forItem(CATALOGUE_SEED, index);
  const typeIndex = index % TYPE_ORDER.length;
  const type = TYPE_ORDER[typeIndex];
  const choices = CHOICES[typeIndex];
  const choice = choices[Math.floor(index / TYPE_ORDER.length) % choices.length];

  const material = chooseMaterial(type, choice.tc, choice.pattern, random);
  const variant: ProductVariant = {
    type,
    brand: choice.brand,
    size: type.sizes[choice.sizeIndex],
    pattern: choice.pattern,
    tc: choice.tc,
    material,
    finish: chooseFinish(type, material, random),
    warranty: chooseWarranty(type, random),
  };
  const name = productName(variant);
  const modelNumber = `${choice.brand.prefix}-${modelDigits(index, productCount)}`;
  const priceCents = listPriceCents(variant, choice.sizeIndex, random);
  const createdAt = new Date(now.getTime() - Math.floor(random.float() * HISTORY_DAYS * DAY_MS));
  const stock = openingStock(priceCents, random);
  const soldAt = stock.current < stock.initial
    ? new Date(createdAt.getTime() + Math.floor(random.float() * (now.getTime() - createdAt.getTime())))
    : null;
  const certificationCodes = productCertifications(type, material, random);

  return {
    index,
    categorySlug: type.category,
    typeSlug: type.slug,
    name,
    slug: `${slugify(name)}-${modelNumber.toLowerCase()}`,
    description: productDescription(variant),
    shortDescription: shortDescription(variant),
    brand: choice.brand.name,
    modelNumber,
    priceCents,
    originalPriceCents: originalPriceCents(priceCents, random),
    createdAt,
    images: IMAGE_VIEWS.slice(0, imageCount(random)).map((view) => ({
      url: instrumentImageUrl(type.family, type.slug, view),
      alt: imageAlt(name, type, view),
    })),
    certificationCodes,
    features: productFeatures(variant, random),
    specifications: productSpecifications(variant),
    documentSlugs: [ifuSlug(type), ...certificationCodes.map(certificateSlug), ...certificationCodes.map(previousCertificateSlug)],
    stock: { ...stock, soldAt },
  };
}

/**
 * 6–8 flash sales on well-stocked products of different types: most running now and ending within hours to three
 * days, the last two starting later today; most offer a share of the stock, every third one lasts while stock lasts.
 */
function pickFlashSales(product: (index: number) => ProductSeed, productCount: number, now: Date): FlashSaleSeed[] {
  const random = new Random(CATALOGUE_SEED ^ 0xf1a5);
  const wanted = random.int(6, 8);
  const sales: FlashSaleSeed[] = [];
  const usedTypes = new Set<string>();
  for (let attempt = 0; attempt < 500 && sales.length < wanted && productCount > 0; attempt++) {
    const candidate = product(random.int(0, productCount - 1));
    if (candidate.stock.current < 10 || usedTypes.has(candidate.typeSlug)) continue;
    usedTypes.add(candidate.typeSlug);
    const units = sales.length % 3 === 2
      ? null
      : Math.min(candidate.stock.current, random.int(5, Math.max(5, Math.ceil(candidate.stock.current * 0.4))));
    const upcoming = sales.length >= 4 && sales.length >= wanted - 2;
    const startsAt = new Date(now.getTime() + (upcoming ? random.int(2, 8) : -random.int(1, 6)) * HOUR_MS);
    sales.push({
      productIndex: candidate.index,
      salePriceCents: retailCents(centsToNumber(candidate.priceCents) * (1 - random.between(0.15, 0.4))),
      units,
      startsAt,
      endsAt: new Date(startsAt.getTime() + random.int(4, 72) * HOUR_MS),
    });
  }
  return sales;
}

/** Pure and deterministic: the same options always describe the same catalogue. */
export function generateCatalogue(options: CatalogueOptions = {}): Catalogue {
  const productCount = options.productCount ?? DEFAULT_PRODUCT_COUNT;
  const now = options.now ?? new Date();
  const product = (index: number) => buildProduct(index, productCount, now);
  return {
    now,
    productCount,
    categories: CATEGORIES,
    certifications: CERTIFICATIONS,
    documents: [
      ...INSTRUMENT_TYPES.map((type): DocumentSeed => ({ kind: 'ifu', slug: ifuSlug(type), name: `Instructions for Use – ${type.name}`, type })),
      ...CERTIFICATIONS.flatMap((certification): DocumentSeed[] => [
        { kind: 'certificate', slug: certificateSlug(certification.code), name: `Certificate – ${certification.code}`, certification },
        {
          kind: 'certificate', slug: previousCertificateSlug(certification.code), name: `Certificate – ${certification.code}`,
          certification, previous: true,
        },
      ]),
    ],
    product,
    *products() {
      for (let index = 0; index < productCount; index++) yield product(index);
    },
    flashSales: pickFlashSales(product, productCount, now),
  };
}
