import { z } from 'zod';
import { MAX_ID, ONE_LINE } from './fields.ts';
import { atMost, message, REQUIRED, WHOLE_NUMBER } from './issues.ts';

/*
 * Regulatory data per variant: what a distributor must check before selling (EU MDR Art. 14) and what GUDID and
 * EUDAMED ask of a device record.
 */
/** Supplied sterile, or to be sterilised by the user before use. */
export const STERILITY = ['sterile', 'sterilise_before_use'] as const;
export type Sterility = (typeof STERILITY)[number];
export const DEVICE_USE = ['single_use', 'reusable'] as const;
export type DeviceUse = (typeof DEVICE_USE)[number];
/** ASTM F2503 marking. */
export const MRI_SAFETY = ['mr_safe', 'mr_conditional', 'mr_unsafe', 'not_evaluated'] as const;
export type MriSafety = (typeof MRI_SAFETY)[number];


/** A declaration of conformity or notified-body certificate: its latest issued version, served by the document routes. */
export const regulatoryDocument = z.object({
  name: z.string(),
  /** documentDownloadPath(slug) */
  url: z.string(),
  version: z.number().int(),
  /** YYYY-MM-DD; null when it does not expire. */
  expires_on: z.string().nullable(),
});
export type RegulatoryDocument = z.infer<typeof regulatoryDocument>;

/** What a buyer checks before selling a variant on (EU MDR Art. 14); a value staff have not given is null or ''. */
export const variantRegulatory = z.object({
  /** Global Medical Device Nomenclature code; '' when not recorded. */
  gmdn_code: z.string(),
  sterility: z.enum(STERILITY).nullable(),
  use: z.enum(DEVICE_USE).nullable(),
  mri_safety: z.enum(MRI_SAFETY),
  contains_latex: z.boolean().nullable(),
  /** The UDI-DI on the label: the variant's GTIN. */
  udi_di: z.string().nullable(),
  /** The UDI-DI marked on the instrument itself; '' when none is recorded. */
  direct_marking_di: z.string(),
  eifu: z.object({ url: z.string(), version: z.string() }).nullable(),
  declaration_of_conformity: regulatoryDocument.nullable(),
  notified_body_certificate: regulatoryDocument.nullable(),
});
export type VariantRegulatory = z.infer<typeof variantRegulatory>;
export const GMDN_FORMAT = message('invalid_gmdn', 'Enter the 5-digit GMDN code.');
export const DI_FORMAT = message('invalid_gtin', 'Enter a DI of 8, 12, 13 or 14 digits.');
export const HTTPS_ADDRESS = message('https_address', 'Enter an address starting with https://.');
const documentId = z.number({ message: REQUIRED }).int(WHOLE_NUMBER).min(1, REQUIRED).max(MAX_ID, REQUIRED);

const httpsAddress = (value: string): boolean => {
  if (value === '') return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * A variant's regulatory data as staff give it in the product body (`variants.N.regulatory`). Left out of a variant
 * in an edit, the stored data stays; null removes it. The document ids name documents of the shop (declaration of
 * conformity, notified-body certificate); the direct-marking DI is checked like a GTIN.
 */
export const variantRegulatoryInput = z.object({
  gmdn_code: z.string({ message: GMDN_FORMAT }).trim().regex(/^(\d{5})?$/, GMDN_FORMAT).default(''),
  sterility: z.enum(STERILITY).nullable().default(null),
  use: z.enum(DEVICE_USE).nullable().default(null),
  mri_safety: z.enum(MRI_SAFETY).default('not_evaluated'),
  contains_latex: z.boolean().nullable().default(null),
  direct_marking_di: z.string({ message: DI_FORMAT }).trim().regex(/^(\d{8}|\d{12,14})?$/, DI_FORMAT).default(''),
  eifu_url: z.string({ message: HTTPS_ADDRESS }).trim().max(500, atMost(500)).refine(httpsAddress, HTTPS_ADDRESS).default(''),
  eifu_version: z.string().trim().max(40, atMost(40)).regex(/^[^\p{Cc}]*$/u, ONE_LINE).default(''),
  conformity_document_id: documentId.nullable().default(null),
  certificate_document_id: documentId.nullable().default(null),
});
export type VariantRegulatoryInput = z.input<typeof variantRegulatoryInput>;
/** The stored fields, as staff read and write them. */
export type VariantRegulatoryFields = z.output<typeof variantRegulatoryInput>;
