/** A product's name with its variant's option values, as the variant label itself joins them ('Scissors · 18 cm · Curved'). */
export const withVariant = (productName: string, variantLabel: string) =>
  (variantLabel ? `${productName} · ${variantLabel}` : productName);
