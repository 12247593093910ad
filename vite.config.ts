import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { inShell, preloadApp } from './scripts/preload-app.ts';

const backend = 'http://127.0.0.1:3000';

/** `vite build` builds the browser's storefront; `vite build --ssr` its server build, which renders public pages. */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  base: '/',
  plugins: [react(), tailwindcss(), bundleBudget(), preloadApp()],
  // The server build carries its libraries, React in its production build whatever NODE_ENV the shop runs with.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild ? {
    outDir: '../../dist/ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: 'src/web/ssr/render-page.tsx',
      // Every catalogue is in the server build on purpose; the browser's build still fetches them one by one.
      onLog: (level, log, forward) => (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' ? undefined : forward(level, log)),
    },
  } : {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      // The page (index.html) and the app it starts once painted (see src/web/entry.ts and scripts/preload-app.ts).
      input: { index: 'src/web/index.html', app: 'src/web/main.tsx' },
      output: {
        // The shell's libraries in chunks of their own: no single chunk passes Vite's 500 kB warning, and a release
        // that changes only the shop's code leaves them cached. All of them load on the first page anyway.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // The rest of what every page loads first, in one chunk rather than dozens of small ones.
            { name: 'shell', test: inShell, priority: 1, includeDependenciesRecursively: false },
          ],
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
      preserveEntrySignatures: false,
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/media': backend,
    },
  },
}));
