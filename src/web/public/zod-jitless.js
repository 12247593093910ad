// Runs before the app's modules: zod reads this config when it loads. The page's CSP forbids eval, and zod would
// otherwise probe for it with `new Function`, which the browser reports as a CSP violation.
globalThis.__zod_globalConfig = { jitless: true };
