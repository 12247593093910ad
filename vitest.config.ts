import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // One worker per core: the default leaves one core idle, and the tests are bound by the CPU (PGlite, jsdom).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['src/server/test/database-template.ts'],
          // Server test files share nothing but the process: each builds its own app on its own database.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/contracts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          // The storefront's server build and the API together: public pages as a crawler gets them.
          name: 'pages',
          environment: 'node',
          globalSetup: ['src/server/test/database-template.ts'],
          include: ['tests/ssr/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // Component test files share the process and its modules; setup.ts resets what they keep between tests.
          isolate: false,
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
