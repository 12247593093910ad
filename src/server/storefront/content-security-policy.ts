import { scriptHash } from '../lib/script-hash.ts';

/** The one inline script a server-rendered page holds: React's, which notes when the streamed page was revealed. */
export const REACT_INLINE_SCRIPTS = ['requestAnimationFrame(function(){$RT=performance.now()});'];

/** The storefront loads only its own scripts; inline styles come from the toast and dialog libraries. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...REACT_INLINE_SCRIPTS.map(scriptHash)],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};
