import { z } from 'zod';

/**
 * What a field's problem is, as a key the storefront translates, with the numbers the text needs. The English text
 * stays beside it (`errors`), for the spec's clients.
 */
export const ISSUE_KEYS = [
  'required', // nothing was entered
  'too_short', // { min } characters at least
  'too_long', // { max } characters at most
  'too_small', // a number of at least { min }
  'too_big', // a number of at most { max }
  'invalid_email',
  'invalid_phone', // 7 to 15 digits
  'invalid_postal_code',
  'postal_code_like', // { example }: the country's postal codes look like it
  'postal_code_not_used', // the country has no postal codes
  'unknown_country', // not an ISO 3166-1 alpha-2 country code
  'shipping_option_unavailable', // the shipping option is not one for this address
  'not_shipped_to', // { country }: no shipping zone holds the address
  'too_heavy_to_ship', // { country }: no method of the zone carries the order's weight
  'invalid_pin', // 4 to 6 digits
  'invalid_cnic', // the last 6 digits of a CNIC (JazzCash's wallet)
  'invalid_mobile', // like 03001234567
  'invalid_account_number', // 10 to 20 digits
  'invalid_card_number',
  'invalid_expiry', // MM/YY
  'card_expired',
  'invalid_cvv', // 3 or 4 digits
  'card_name_required',
  'promo_code_required',
  'consent_required',
  'password_too_short', // { min } characters at least
  'password_numeric',
  'password_too_common',
  'password_like_email',
  'passwords_differ',
  'current_password_wrong', // changing the password: the current one given is not the account's
  'password_unchanged', // changing the password: the new one is the current one
  'email_taken',
  'whole_number',
  'invalid_price', // like 12.50
  'price_above_zero',
  'invalid_date', // a real calendar day, YYYY-MM-DD
  'date_range_reversed', // a range's last day comes before its first
  'date_range_too_long', // { max } days at most
  'one_line', // a single line: no line break or other control character
  'unsafe_character', // a control character or broken symbol
  'choose_options', // { options }: the option names still to choose ('Length, Tip')
  'variant_not_of_product',
  'exchange_same_variant', // a return's exchange for the very size bought
  // Products, as the editor and the CSV import check them
  'invalid_slug', // lowercase letters, digits and hyphens
  'slug_taken', // another product has or had this address
  'category_missing', // the category chosen does not exist
  'invalid_gtin', // 8, 12, 13 or 14 digits
  'gtin_check_digit',
  'gtin_twice', // another variant of the product has it
  'gtin_in_shop', // another variant of the shop has it
  'catalogue_number_twice', // another variant of the product has it
  'catalogue_number_in_shop', // another variant of the shop has it
  'option_name_twice',
  'option_value_twice',
  'option_values_missing', // an option without any value
  'choose_option_value', // { option }: the variant has no value of it
  'not_option_value', // { value, option }
  'not_an_option', // { option }: the variant names an option the product does not have
  'variants_missing', // a product without any variant
  'variant_values_twice', // two variants with the same option values
  'variant_twice', // a variant listed twice
  'original_price_not_above', // the original price is not above the price
  'tier_price_not_below', // a tier's price is not below the variant's
  'tier_quantity_not_above', // a tier asks no more units than the one before
  'tier_price_not_cheaper', // a tier is not cheaper than the one before
  'specification_twice',
  'reprice_breaks_prices', // { name }: the product whose original or tier prices would no longer sit below or above its price
  'already_member', // the person already belongs to this organisation
  'member_elsewhere', // the person belongs to (or is invited by) another organisation, or is staff
  'po_required', // the organisation or department needs a purchase-order number
  'csv_missing', // a product import without its CSV file
  'default_category_unknown', // { category }: the default category of a product import is no category's slug
  'zip_not_read', // the images zip of a product import is not a zip that can be read
  'zip_too_many_files', // { max }: the images zip lists more files than that
  'zip_too_large', // { max }: the images zip unpacks to more gigabytes than that
  'upload_too_large', // { max }: megabytes
  'licence_quota_pending', // { pending } licences of the account await review: no more until staff review one
  'licence_quota_bytes', // { mb }: the account's licence files take up all it may keep
  'invalid_amount', // a US dollar amount like 12.50
  'amount_above_zero',
  'reason_required', // why money is given back
  'transfer_reference_required', // a refund the gateway cannot make needs the reference of the transfer staff made
  // Returns
  'decontamination_required', // used instruments come back only with the buyer's decontamination declaration
  'sterile_opened', // an opened sterile pack cannot be returned
  'more_than_returnable', // { max } units of the line may still be returned
  'line_not_returnable', // the line is not delivered, past the window, excluded by the policy, or all returned
  'choose_reason',
  'choose_lines', // a return without any line
  'choose_carrier',
  'choose_return_method', // a return label or drop-off instructions
  'choose_disposition', // restock, quarantine or scrap
  'choose_resolution', // refund, store credit or exchange
  'lot_not_restockable', // { lot }: recalled, expired, or not a lot the order shipped from
  'promo_code_unknown', // no promo code has the code given
  // Order edits
  'line_not_on_order', // the order has no such line
  'quantity_not_lower', // { max }: an edit only lowers a line's quantity
  // Instrument sets and regulatory data, as the product editor and the CSV import check them
  'set_quantity', // a component's quantity: 1 to 1000
  'component_unknown', // no variant has this id or catalogue number
  'component_is_set', // a set inside a set
  'component_same_product', // a variant of the set's own product
  'choose_replaced', // an alternative without the component it replaces
  'replaces_not_standard', // the replaced component is not a standard or optional one of the set
  'replaces_only_alternative', // a component that is not an alternative names one it replaces
  'container_twice', // two trays or containers
  'set_needs_standard', // a set of alternatives, extras or a container alone
  'set_in_set', // a component of another set made a set
  'set_holds_stock', // a variant with stock of its own made a set
  'document_unknown', // no document has this id
  'invalid_gmdn', // 5 digits
  'https_address',
  'invalid', // anything else: the English text is all there is
] as const;
export type IssueKey = (typeof ISSUE_KEYS)[number];
export type IssueParams = Record<string, string | number>;

export const issueBody = z.object({
  key: z.enum(ISSUE_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Issue = z.infer<typeof issueBody>;

const byText = new Map<string, Issue>();

/**
 * A contract's (or a rule's) own message: the English text, remembered with its key, so that wherever this text is
 * reported the key and parameters go with it. Rewording the text keeps its key.
 */
export function message(key: IssueKey, english: string, params?: IssueParams): string {
  const known = byText.get(english);
  if (known && known.key !== key) throw new Error(`"${english}" is already the message of ${known.key}`);
  byText.set(english, params ? { key, params } : { key });
  return english;
}

export const REQUIRED = message('required', 'This field is required.');
export const INVALID_EMAIL = message('invalid_email', 'Enter a valid email address.');
export const INVALID_PHONE = message('invalid_phone', 'Enter a valid phone number (7 to 15 digits).');
export const ENTER_QUANTITY = message('required', 'Enter a quantity.');
export const WHOLE_NUMBER = message('whole_number', 'Enter a whole number.');
export const WHOLE_UNITS = message('whole_number', 'Enter a whole number of units.');
export const INVALID_PRICE = message('invalid_price', 'Enter a price like 12.50.');
export const PRICE_ABOVE_ZERO = message('price_above_zero', 'Enter a price above 0.');
export const DAY_FORMAT = message('invalid_date', 'Enter a date as YYYY-MM-DD.');
export const REAL_DAY = message('invalid_date', 'Enter a real date.');
export const atMost = (max: number) => message('too_long', `Enter at most ${max} characters.`, { max });
export const atLeast = (min: number) => message('too_short', `Enter at least ${min} characters.`, { min });

/** The subset of a zod issue (or of one reported by Fastify) that tells which problem it is. */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

const bound = (value: number | bigint | undefined) => Number(value ?? 0);

/** The key of a problem: its message's own key when a contract gave it one, else one read from the zod issue. */
export function issueOf(issue: IssueLike): Issue {
  const own = issue.message === undefined ? undefined : byText.get(issue.message);
  if (own) return own;
  const text = issue.origin === 'string';
  switch (issue.code) {
    case 'too_small':
      if (text && bound(issue.minimum) <= 1) return { key: 'required' };
      return { key: text ? 'too_short' : 'too_small', params: { min: bound(issue.minimum) } };
    case 'too_big':
      return { key: text ? 'too_long' : 'too_big', params: { max: bound(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'invalid_email' : 'invalid' };
    default:
      return { key: 'invalid' };
  }
}
