import type { Plugin, Rollup } from 'vite';

/** The app's own entry: src/web/entry.ts starts it once the page has painted. */
const APP_ENTRY = /[\\/]src[\\/]web[\\/]main\.tsx$/;
const PAGE_ENTRY = /[\\/]src[\\/]web[\\/]entry\.ts$/;

/** The page's entry reads the app's files from this element (see src/web/entry.ts). */
export const APP_MODULES_META = 'app-modules';

const shellModules = new Set<string>();
const BARREL_SIZE = 200;

const entryModules = new Set<string>();

/**
 * Whether the app imports this module statically (directly or not), and the page's entry does not: then it belongs to
 * the shell every page loads, after the first paint. What the entry imports is fetched before it and stays apart.
 */
export const inShell = (id: string) => shellModules.has(id) && !entryModules.has(id);

/**
 * Builds the app (main.tsx) as an entry of its own, so that everything it imports statically forms the shell, and
 * names the app's files in index.html: the page's entry preloads them once the page has painted, not before, so that
 * neither the first paint nor the largest one waits for the app's code.
 */
export function preloadApp(): Plugin {
  return {
    name: 'preload-app',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    buildEnd() {
      const collect = (entry: RegExp, into: Set<string>) => {
        into.clear();
        const visit = (id: string) => {
          if (into.has(id)) return;
          into.add(id);
          const imported = this.getModuleInfo(id)?.importedIds ?? [];
          // An index re-exporting a whole library (an icon set) is not followed: the app's pages use the rest of it.
          if (imported.length <= BARREL_SIZE) imported.forEach(visit);
        };
        const start = [...this.getModuleIds()].find((id) => entry.test(id));
        if (start) visit(start);
      };
      collect(APP_ENTRY, shellModules);
      collect(PAGE_ENTRY, entryModules);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId && APP_ENTRY.test(chunk.facadeModuleId));
        if (!app) throw new Error('preload-app: the build has no chunk for src/web/main.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle![fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        return [{ tag: 'meta', injectTo: 'head', attrs: { name: APP_MODULES_META, content: [...files].map((file) => `/${file}`).join(' ') } }];
      },
    },
  };
}
