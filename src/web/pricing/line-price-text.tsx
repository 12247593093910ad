import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/use-format.ts';

/** A flash sale's allocation holds some of the line's units, not all of them. */
export const isSaleSplit = (line: { quantity: number; sale_quantity: number; sale_price: string | null }) =>
  line.sale_price !== null && line.sale_quantity > 0 && line.sale_quantity < line.quantity;

/**
 * What a line's units cost, as the server priced them, in the visitor's currency: "$44.64 each", or, when a flash
 * sale's allocation holds only some of them, "9 at $29.99, the rest at $44.64".
 */
export function LinePriceText({ line }: { line: { quantity: number; unit_price: string; sale_quantity: number; sale_price: string | null } }) {
  const { t } = useTranslation('pricing');
  const f = useFormat();
  if (!isSaleSplit(line)) return <>{t('each', { price: f.price(line.unit_price) })}</>;
  return <>{t('saleSplit', { saleQuantity: f.number(line.sale_quantity), salePrice: f.price(line.sale_price!), price: f.price(line.unit_price) })}</>;
}
