/** Pages of one visitor or of staff, and the JSON API: nothing a search result should lead to. */
const PRIVATE_PATHS = [
  '/cart', '/checkout', '/payment', '/account', '/profile', '/orders', '/wishlist', '/quotes', '/login', '/register',
  '/forgot-password', '/reset-password', '/verify-email', '/staff', '/setup', '/inventory', '/organisation', '/api/',
];

/** A rule's path matches every path it begins, and the longest matching rule wins over `Allow: /`. */
export const robotsTxt = (publicUrl: string) => [
  'User-agent: *',
  'Allow: /',
  ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
  '',
  `Sitemap: ${publicUrl}/sitemap.xml`,
  '',
].join('\n');
