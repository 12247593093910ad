import { message } from '#contracts/issues';

/*
 * What the product editor and the CSV import refuse beyond the contract's schema, each with its message key: the
 * editor's fields and the import's rows show them in the staff member's language.
 */
export const OPTION_NAME_TWICE = message('option_name_twice', 'Another option has this name.');
export const OPTION_VALUE_TWICE = message('option_value_twice', 'Give each value once.');
export const chooseOptionValue = (option: string) => message('choose_option_value', `Choose a value of ${option}.`, { option });
export const notOptionValue = (value: string, option: string) =>
  message('not_option_value', `${value} is not a value of ${option}.`, { value, option });
export const notAnOption = (option: string) => message('not_an_option', `${option} is not an option of this product.`, { option });
export const ORIGINAL_PRICE_NOT_ABOVE = message('original_price_not_above', 'The original price must be above the price.');
export const TIER_PRICE_NOT_BELOW = message('tier_price_not_below', 'A tier price must be below the variant price.');
export const TIER_QUANTITY_NOT_ABOVE = message('tier_quantity_not_above', 'Each tier needs more units than the one before.');
export const TIER_PRICE_NOT_CHEAPER = message('tier_price_not_cheaper', 'Each tier must be cheaper than the one before.');
export const SPECIFICATION_TWICE = message('specification_twice', 'Another specification has this name.');
export const GTIN_CHECK_DIGIT = message('gtin_check_digit', 'The GTIN check digit is wrong.');
export const VARIANT_VALUES_TWICE = message('variant_values_twice', 'Another variant has the same values.');
export const CATALOGUE_NUMBER_TWICE = message('catalogue_number_twice', 'Another variant has this catalogue number.');
export const GTIN_TWICE = message('gtin_twice', 'Another variant has this GTIN.');
export const VARIANT_TWICE = message('variant_twice', 'This variant is listed twice.');
export const NOT_THIS_PRODUCTS_VARIANT = message('variant_not_of_product', 'This is not a variant of this product.');
export const CATALOGUE_NUMBER_TAKEN = message('catalogue_number_in_shop', 'Another variant in the shop has this catalogue number.');
export const GTIN_TAKEN = message('gtin_in_shop', 'Another variant in the shop has this GTIN.');
export const SLUG_TAKEN = message('slug_taken', 'Another product has or had this address.');
export const CATEGORY_MISSING = message('category_missing', 'Choose a category that exists.');
