import { centsToNumber } from '#contracts/money';
import { IMAGE_VIEWS, instrumentImageUrl } from '../media/instrument-families.ts';
import { brandsFor, type Brand } from './brands.ts';
import { CATEGORIES, type CategorySeed } from './categories.ts';
import { CERTIFICATIONS, certificationsFor, type CertificationSeed } from './certifications.ts';
import type { InstrumentType } from './instrument-type.ts';
import { INSTRUMENT_TYPES } from './instrument-types.ts';
import { listPriceCents, originalPriceCents, retailCents } from './prices.ts';
import { familyShortDescription, productDescription, productFeatures } from './product-copy.ts';
import { chooseFinish, chooseMaterial, chooseWarranty, slugify, type ProductVariant } from './product-variant.ts';
import { Random } from './random.ts';
import { productSpecifications, type Specification } from './specifications.ts';
import { openingStock, type OpeningStock } from './stock-levels.ts';
import { demoOptionTranslations } from './option-translations.ts';
import type { OptionTranslations } from '../db/schema/catalog.ts';

export const CATALOGUE_SEED = 0x5eed_2024;
export const DEFAULT_VARIANT_COUNT = 1200;
const HISTORY_DAYS = 548;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface CatalogueOptions {
  /** How many variants (sizes, tips, inserts) the catalogue sells; products group them by pattern and brand. */
  variantCount?: number;
  now?: Date;
}

/** One size, tip or insert of a product: what is stocked and sold. `index` numbers the catalogue's variants. */
export interface VariantSeed {
  index: number;
  typeSlug: string;
  modelNumber: string;
  options: Record<string, string>;
  priceCents: number;
  originalPriceCents: number | null;
  createdAt: Date;
  stock: OpeningStock & { soldAt: Date | null };
}

/** One instrument pattern from one brand, with its options and variants; the texts are its first variant's. */
export interface ProductSeed {
  index: number;
  categorySlug: string;
  typeSlug: string;
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  brand: string;
  createdAt: Date;
  images: { url: string; alt: string }[];
  certificationCodes: string[];
  features: string[];
  specifications: Specification[];
  documentSlugs: string[];
  options: { name: string; values: string[]; translations: OptionTranslations }[];
  variants: VariantSeed[];
}

export interface FlashSaleSeed {
  /** The variant on sale. */
  variantIndex: number;
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
  variantCount: number;
  categories: readonly CategorySeed[];
  certifications: readonly CertificationSeed[];
  documents: DocumentSeed[];
  /** Products in the order of their first variant, each with all its variants. */
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
  /** The brand's product of this type the variant belongs to, and its place among that product's variants. */
  family: number;
  position: number;
  familySize: number;
}

/**
 * Each brand of a type sells it as one product (a family) of 2 to 6 of its size × pattern × insert combinations, in
 * order; the brands come in a fixed shuffled order, and the catalogue's variants of the type run through the families.
 */
function variantChoices(type: InstrumentType, typeIndex: number): VariantChoice[] {
  const random = new Random(CATALOGUE_SEED + typeIndex);
  return random.shuffle(brandsFor(type.kind, type.category)).flatMap((brand, family) => {
    const combinations: Omit<VariantChoice, 'family' | 'position' | 'familySize'>[] = [];
    for (let sizeIndex = 0; sizeIndex < type.sizes.length; sizeIndex++) {
      for (const pattern of type.patterns ?? [null]) {
        for (const tc of type.tc ? [false, true] : [false]) combinations.push({ brand, sizeIndex, pattern, tc });
      }
    }
    const chosen = random.sample(combinations, Math.min(combinations.length, random.int(2, 6)));
    return chosen.map((choice, position) => ({ ...choice, family, position, familySize: chosen.length }));
  });
}

const TYPE_ORDER = new Random(CATALOGUE_SEED).shuffle(INSTRUMENT_TYPES);
const CHOICES = TYPE_ORDER.map(variantChoices);

/** Model numbers are unique because the digits are a bijection of the variant index. */
function modelDigits(index: number, variantCount: number): number {
  const span = 90_000 * Math.ceil(variantCount / 90_000);
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

const INSERTS = { name: 'Inserts', standard: 'Standard', carbide: 'Tungsten carbide' } as const;

/** Where variant `index` sits: its type, its choice, and the cycle (the catalogue starts over once every choice is used). */
function place(index: number) {
  const typeIndex = index % TYPE_ORDER.length;
  const choices = CHOICES[typeIndex];
  const round = Math.floor(index / TYPE_ORDER.length);
  return { typeIndex, type: TYPE_ORDER[typeIndex], choice: choices[round % choices.length], cycle: Math.floor(round / choices.length) };
}

/** The options a family's variants differ in, with their values in the type's order. */
function familyOptions(type: InstrumentType, choices: VariantChoice[]): { name: string; values: string[]; of: (c: VariantChoice) => string }[] {
  const axes = [
    { name: type.sizeLabel ?? 'Length', all: type.sizes, of: (c: VariantChoice) => type.sizes[c.sizeIndex] },
    { name: type.patternLabel ?? 'Pattern', all: type.patterns ?? [], of: (c: VariantChoice) => c.pattern ?? '' },
    { name: INSERTS.name, all: [INSERTS.standard, INSERTS.carbide], of: (c: VariantChoice) => (c.tc ? INSERTS.carbide : INSERTS.standard) },
  ];
  return axes
    .map((axis) => ({ ...axis, values: axis.all.filter((value) => choices.some((c) => axis.of(c) === value)) }))
    .filter((axis) => axis.values.length > 1)
    .map(({ name, values, of }) => ({ name, values, of }));
}

interface BuiltVariant {
  seed: VariantSeed;
  variant: ProductVariant;
  random: Random;
}

function buildVariant(index: number, variantCount: number, now: Date): BuiltVariant {
  const random = Random.forItem(CATALOGUE_SEED, index);
  const { type, choice } = place(index);
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
  const priceCents = listPriceCents(variant, choice.sizeIndex, random);
  const createdAt = new Date(now.getTime() - Math.floor(random.float() * HISTORY_DAYS * DAY_MS));
  const stock = openingStock(priceCents, random);
  const soldAt = stock.current < stock.initial
    ? new Date(createdAt.getTime() + Math.floor(random.float() * (now.getTime() - createdAt.getTime())))
    : null;
  return {
    seed: {
      index,
      typeSlug: type.slug,
      modelNumber: `${choice.brand.prefix}-${modelDigits(index, variantCount)}`,
      options: {},
      priceCents,
      originalPriceCents: originalPriceCents(priceCents, random),
      createdAt,
      stock: { ...stock, soldAt },
    },
    variant,
    random,
  };
}

/** The variants of the family whose first variant is `first`, as far as the catalogue reaches. */
function familyIndexes(first: number, variantCount: number): number[] {
  const { typeIndex, choice, cycle } = place(first);
  const round = cycle * CHOICES[typeIndex].length + CHOICES[typeIndex].indexOf(choice);
  return Array.from({ length: choice.familySize }, (_, position) => typeIndex + TYPE_ORDER.length * (round + position))
    .filter((index) => index < variantCount);
}

/** The product whose first variant is `first`: its texts come from that variant, its options from what its variants differ in. */
function buildProduct(first: number, variantCount: number, now: Date): ProductSeed {
  const { type, choice, cycle } = place(first);
  const built = familyIndexes(first, variantCount).map((index) => buildVariant(index, variantCount, now));
  const choices = built.map(({ seed }) => place(seed.index).choice);
  const options = familyOptions(type, choices);
  const { variant, random } = built[0];
  const series = cycle > 0 ? `, series ${cycle + 1}` : '';
  const name = `${type.name}${series}`;
  const certificationCodes = productCertifications(type, variant.material, random);
  const optionNames = new Set(options.map((option) => option.name));
  return {
    index: first,
    categorySlug: type.category,
    typeSlug: type.slug,
    name,
    slug: slugify(`${type.name} ${choice.brand.prefix}${cycle > 0 ? ` ${cycle + 1}` : ''}`),
    description: productDescription(variant),
    shortDescription: familyShortDescription(variant),
    brand: choice.brand.name,
    createdAt: new Date(Math.min(...built.map(({ seed }) => seed.createdAt.getTime()))),
    images: IMAGE_VIEWS.slice(0, imageCount(random)).map((view) => ({
      url: instrumentImageUrl(type.family, type.slug, view),
      alt: imageAlt(name, type, view),
    })),
    certificationCodes,
    features: productFeatures(variant, random),
    specifications: productSpecifications(variant).filter(([key]) => !optionNames.has(key)),
    documentSlugs: [ifuSlug(type), ...certificationCodes.map(certificateSlug), ...certificationCodes.map(previousCertificateSlug)],
    options: options.map(({ name: optionName, values }) => ({ name: optionName, values, translations: demoOptionTranslations(optionName, values) })),
    variants: built.map(({ seed }, i) => ({
      ...seed,
      options: Object.fromEntries(options.map((option) => [option.name, option.of(choices[i])])),
    })),
  };
}

/**
 * 6–8 flash sales on well-stocked variants of different types: most running now and ending within hours to three
 * days, the last two starting later today; most offer a share of the stock, every third one lasts while stock lasts.
 */
function pickFlashSales(variantAt: (index: number) => VariantSeed, variantCount: number, now: Date): FlashSaleSeed[] {
  const random = new Random(CATALOGUE_SEED ^ 0xf1a5);
  const wanted = random.int(6, 8);
  const sales: FlashSaleSeed[] = [];
  const usedTypes = new Set<string>();
  for (let attempt = 0; attempt < 500 && sales.length < wanted && variantCount > 0; attempt++) {
    const candidate = variantAt(random.int(0, variantCount - 1));
    if (candidate.stock.current < 10 || usedTypes.has(candidate.typeSlug)) continue;
    usedTypes.add(candidate.typeSlug);
    const units = sales.length % 3 === 2
      ? null
      : Math.min(candidate.stock.current, random.int(5, Math.max(5, Math.ceil(candidate.stock.current * 0.4))));
    const upcoming = sales.length >= 4 && sales.length >= wanted - 2;
    const startsAt = new Date(now.getTime() + (upcoming ? random.int(2, 8) : -random.int(1, 6)) * HOUR_MS);
    sales.push({
      variantIndex: candidate.index,
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
  const variantCount = options.variantCount ?? DEFAULT_VARIANT_COUNT;
  const now = options.now ?? new Date();
  return {
    now,
    variantCount,
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
    *products() {
      for (let index = 0; index < variantCount; index++) {
        if (place(index).choice.position === 0) yield buildProduct(index, variantCount, now);
      }
    },
    flashSales: pickFlashSales((index) => buildVariant(index, variantCount, now).seed, variantCount, now),
  };
}
