import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Gzipped JavaScript a visitor downloads: the shell (entry and what it imports), and each page on top of it. */
// The shell holds checkout's shipping rules by destination (countries, postal codes) since shipping went by zone, and
// the catalogue contract each variant's regulatory data.
export const BUDGET_KB = { beforePaint: 5, shell: 195, page: 72 } as const;

const kb = (bytes: number) => bytes / 1024;

/** Urdu and Arabic letters; the language names in the switcher are the only ones an English visitor should get. */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]+/g;
const ENDONYMS = new Set(['اردو', 'العربية']);
const RTL_CATALOGUE = /[\\/]locales[\\/](ur|ar)[\\/][\w-]+\.json$/;

/** The chunks, other than the Urdu and Arabic catalogues, that hold Urdu or Arabic text, with a sample of it. */
function rtlTextOutsideCatalogues(chunks: OutputChunk[]) {
  return chunks
    .filter((chunk) => !(chunk.facadeModuleId && RTL_CATALOGUE.test(chunk.facadeModuleId)))
    .map((chunk) => ({ chunk: chunk.fileName, words: [...new Set(chunk.code.match(ARABIC_SCRIPT) ?? [])].filter((w) => !ENDONYMS.has(w)) }))
    .filter((found) => found.words.length > 0)
    .map(({ chunk, words }) => ({ chunk, sample: words.slice(0, 5) }));
}

function closure(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(start.fileName);
  return seen;
}

/**
 * Per-page gzip sizes of the production build; the build fails when the shell or a page is over its budget, or when
 * Urdu or Arabic text lies anywhere but in their own catalogues.
 */
export function bundleBudget(): Plugin {
  return {
    name: 'bundle-budget',
    // The browser's bundle only: the server build of the storefront is no visitor's download.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const gzipped = new Map<string, number>();
      const size = (fileName: string) => {
        if (!gzipped.has(fileName)) {
          const item = bundle[fileName];
          gzipped.set(fileName, item.type === 'chunk' ? gzipSync(item.code).length : 0);
        }
        return gzipped.get(fileName)!;
      };
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      // The page's entry and the app it starts (scripts/preload-app.ts), with all they import: what every page loads.
      const entries = chunks.filter((chunk) => chunk.isEntry);
      const shell = new Set(entries.flatMap((entry) => [...closure(bundle, entry)]));
      // The page's own entry (index.html's script) is all that loads before the first paint.
      const pageEntry = entries.find((chunk) => !chunk.facadeModuleId?.endsWith('main.tsx'));
      const beforePaintBytes = pageEntry ? [...closure(bundle, pageEntry)].reduce((sum, file) => sum + size(file), 0) : 0;
      const shellBytes = [...shell].reduce((sum, file) => sum + size(file), 0);
      const pages = chunks.filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith('-page.tsx'))
        .map((chunk) => ({
          page: path.basename(chunk.facadeModuleId!, '.tsx'),
          bytes: [...closure(bundle, chunk)].filter((file) => !shell.has(file)).reduce((sum, file) => sum + size(file), 0),
        }))
        .sort((a, b) => b.bytes - a.bytes);

      const rtlText = rtlTextOutsideCatalogues(chunks);
      const over = [
        ...rtlText.map((found) => `${found.chunk} holds Urdu or Arabic text an English visitor would load (${found.sample.join(' ')})`),
        ...(kb(shellBytes) > BUDGET_KB.shell ? [`the shell is ${kb(shellBytes).toFixed(1)} kB (budget ${BUDGET_KB.shell} kB)`] : []),
        ...(kb(beforePaintBytes) > BUDGET_KB.beforePaint
          ? [`the page's entry loads ${kb(beforePaintBytes).toFixed(1)} kB before the first paint (budget ${BUDGET_KB.beforePaint} kB)`] : []),
        ...pages.filter((p) => kb(p.bytes) > BUDGET_KB.page).map((p) => `${p.page} adds ${kb(p.bytes).toFixed(1)} kB (budget ${BUDGET_KB.page} kB)`),
      ];
      const report = {
        budgetKb: BUDGET_KB,
        beforePaintKb: +kb(beforePaintBytes).toFixed(1),
        shellKb: +kb(shellBytes).toFixed(1),
        pages: pages.map((p) => ({ page: p.page, kb: +kb(p.bytes).toFixed(1) })),
        // Every chunk but the Urdu and Arabic catalogues: what an English visitor may load holds none of their text.
        rtlTextOutsideCatalogues: rtlText,
      };
      this.emitFile({ type: 'asset', fileName: 'bundle-report.json', source: `${JSON.stringify(report, null, 2)}\n` });
      this.info?.(`JavaScript, gzip: before the first paint ${report.beforePaintKb} kB; shell ${report.shellKb} kB; largest page ${pages[0]?.page} +${report.pages[0]?.kb} kB`);
      if (over.length) this.error(`Over the bundle budget: ${over.join('; ')}`);
    },
  };
}
