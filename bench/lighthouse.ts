import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { buildStorefrontIfStale } from '../scripts/build-if-stale.mjs';
import { startApiProcess } from '../src/server/scale/api-process.ts';

/**
 * Lighthouse (default: mobile emulation, simulated slow 4G and 4x CPU slowdown) in Debian's Chromium against the
 * production build served by the API with the demo catalogue, for the home, catalogue, category and product pages.
 */
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** One Lighthouse load of `url`. Now and then Chromium's trace of a load misses its start (NO_NAVSTART): measured again. */
async function measure(url: string, port: number): Promise<Result> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (result && !result.lhr.runtimeError) return result.lhr;
    if (attempt === 2) throw new Error(`Lighthouse gave no result for ${url}: ${result?.lhr.runtimeError?.code}`);
  }
}

buildStorefrontIfStale();
// Without search vectors: a fresh start embeds every product in the background, which would compete with Chromium
// for the cores while the pages measured here do not search.
// A shop that is set up (it has an owner), as a visitor finds it.
const shop = await startApiProcess({
  SEED: 'demo', NODE_ENV: 'production', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', SEARCH_EMBEDDINGS: 'off',
  ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'bench-owner-passphrase',
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const product = (await (await fetch(`${shop.base}/api/products/?page_size=1`)).json()).results[0].slug as string;
  const category = (await (await fetch(`${shop.base}/api/categories/`)).json())[0].slug as string;
  const pages = [
    ['home', '/'], ['catalogue', '/products'], ['category', `/categories/${category}`], ['product', `/products/${product}`],
  ] as const;
  console.log('| page | performance | accessibility | best practices | SEO | LCP s | CLS | TBT ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, path] of pages) {
    // A page any visitor asked for before comes from the catalogue cache: measured as a visitor after the first gets it.
    await fetch(`${shop.base}${path}`, { headers: { 'accept-encoding': 'br' } });
    // Scores move from one load to the next: each page is measured RUNS times and the median run (by performance score,
    // then total blocking time) is the one reported.
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(`${shop.base}${path}`, chrome.port));
    const byScore = (lhr: Result) => [lhr.categories.performance?.score ?? 0, -(lhr.audits['total-blocking-time']?.numericValue ?? 0)];
    runs.sort((a, b) => byScore(a)[0] - byScore(b)[0] || byScore(a)[1] - byScore(b)[1]);
    const lhr = runs[Math.floor(runs.length / 2)];
    console.error(`${name}: performance in each run ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}`);
    if (process.env.BENCH_LHR_DIR) writeFileSync(`${process.env.BENCH_LHR_DIR}/${name}.json`, JSON.stringify(lhr));
    const { categories, audits } = lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    console.log(`| ${name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | `
      + `${(value('largest-contentful-paint') / 1000).toFixed(2)} | ${value('cumulative-layout-shift').toFixed(3)} | ${Math.round(value('total-blocking-time'))} |`);
    const lcpElement = (audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
      ?.items?.[0]?.items?.[0]?.node?.snippet;
    if (lcpElement) console.error(`${name}: LCP element ${lcpElement}`);
    for (const audit of Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')) {
      const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
      const snippets = items.slice(0, 3).map((item) => item.node?.snippet ?? JSON.stringify(item).slice(0, 300));
      console.error(`${name}: failed audit ${audit.id}${snippets.length ? `: ${snippets.join(' ')}` : ''}`);
    }
  }
} finally {
  chrome.kill();
  await shop.stop();
}
