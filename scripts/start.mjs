// `npm start`: build the storefront if needed, then serve it from this very process (migrations and demo seed happen
// at start-up), so the process npm starts is the shop: SIGTERM or SIGINT to it, or to npm, stops the shop. npm runs
// it through `exec` and with `--import tsx` (package.json), leaving no shell in between that would die alone.
import { buildStorefrontIfStale } from './build-if-stale.mjs';

buildStorefrontIfStale();
await import('../src/server/main.ts');
