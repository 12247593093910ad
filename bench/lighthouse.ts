import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildStorefrontIfStale } from '../scripts/build-if-stale.mjs';
import { startApiProcess } from '../src/server/scale/api-process.ts';

/**
 * Lighthouse (default: mobile emulation, simulated slow 4G and 4x CPU slowdown) in Debian's Chromium against the
 * production build served by the API with the demo catalogue, for the home, catalogue and product pages.
 */
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

buildStorefrontIfStale();
const shop = await startApiProcess({ SEED: 'demo', NODE_ENV: 'production', JWT_SECRET: 'bench-secret-bench-secret-bench-secret' });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const product = (await (await fetch(`${shop.base}/api/products/?page_size=1`)).json()).results[0].slug as string;
  const pages = [['home', '/'], ['catalogue', '/products'], ['product', `/products/${product}`]] as const;
  console.log('| page | performance | accessibility | best practices | SEO | LCP s | CLS | TBT ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, path] of pages) {
    const result = await lighthouse(`${shop.base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    console.log(`| ${name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | `
      + `${(value('largest-contentful-paint') / 1000).toFixed(2)} | ${value('cumulative-layout-shift').toFixed(3)} | ${Math.round(value('total-blocking-time'))} |`);
    const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary').map((a) => a.id);
    if (failed.length) console.error(`${name}: failed audits: ${failed.join(', ')}`);
  }
} finally {
  chrome.kill();
  await shop.stop();
}
