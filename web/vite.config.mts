import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
/** Where the API runs during `npm run dev:web` (the app's own `npm run start:dev`). */
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
/** The service's paths (whole segments: `/api-keys` is a dashboard page, `/api/v1` is not). */
const proxied = '^/(graphql|auth|api|media|connect|health|webhooks)(/|\\?|$)';

// The dashboard: built into dist/dashboard, which the app serves at `/` (src/dashboard).
// JSX goes through Vite's own transform (oxc, automatic runtime): no React plugin is needed to build.
export default defineConfig({
  root: here,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  // The rules the service applies too (libs/rules), by the same name the server imports them.
  resolve: { alias: [{ find: /^@app\/rules$/, replacement: resolve(here, '../libs/rules/src/index.ts') }] },
  build: {
    outDir: resolve(here, '../dist/dashboard'),
    emptyOutDir: true,
    sourcemap: false,
    // Warn well before the 250 KB (gzipped) budget of the initial script.
    chunkSizeWarningLimit: 780,
    rolldownOptions: {
      // Mantine marks its modules "use client" (for React Server Components); meaningless in a browser bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { [proxied]: { target: api, changeOrigin: false } },
  },
});
