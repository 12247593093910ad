import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bundleBudget } from './scripts/bundle-budget.ts';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  base: '/',
  plugins: [react(), tailwindcss(), bundleBudget()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/media': backend,
    },
  },
});
