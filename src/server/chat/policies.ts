/** The shop's standing facts, the only ones either assistant may state about policies. */
export const POLICIES = {
  shipping: 'Shipping: orders of $500 or more ship free within Pakistan; below that, shipping is a flat $75. '
    + 'Standard delivery takes 3-5 business days, express 1-2 business days in major cities, and international '
    + 'delivery 7-14 business days.',
  returns: 'Returns: you can return instruments within 30 days of delivery; start a return through the contact page '
    + 'with your order number.',
  warranty: 'Warranty: every instrument carries our lifetime precision warranty against manufacturing defects.',
  certifications: 'Certifications: our instruments are made under ISO 13485 quality management, carry the CE mark, '
    + 'and FDA 510(k) clearance where it applies. Each product page lists its own certifications and certificates.',
  business: 'Business accounts (hospitals, clinics, distributors) get volume discounts, extended payment terms, '
    + 'a dedicated account manager and custom pricing. Register with a Business account or ask for a quote on the '
    + 'contact page.',
  contact: 'For anything else our team is happy to help: write to us on the contact page (/contact) and we answer '
    + 'within one business day.',
} as const;

export type PolicyTopic = keyof typeof POLICIES;
export const POLICY_TOPICS = Object.keys(POLICIES) as PolicyTopic[];
