/** A line's product name with its variant after it ('Metzenbaum Scissors — 18 cm · Curved'); the name alone for a plain product. */
export const lineName = (name: string, variantLabel: string) => (variantLabel ? `${name} — ${variantLabel}` : name);
