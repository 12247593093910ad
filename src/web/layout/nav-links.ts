export const NAV_LINKS = [
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
] as const;
