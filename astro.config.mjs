// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import lateHydration from './src/directives/integration.ts';
import serverEntry from './src/integrations/serverEntry.ts';
import testHooks from './src/integrations/testHooks.ts';

export default defineConfig({
  output: 'server',
  // scripts/build-if-stale.mjs builds into a new folder and puts it in place once it succeeded.
  outDir: process.env.YAOPI_OUT_DIR || './dist',
  // Pages are rendered whole before the first byte anyway (their data is read in the frontmatter);
  // buffering skips a web stream per chunk, a tenth of a page's server time.
  // Middleware mode: our server (src/server/serve.ts) serves the static files from a list made at start
  // (server/http/staticFiles.ts) instead of the adapter's stat() of the disk for every request.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands render with renderToString instead of a web stream each (no island uses Suspense or
  // useId, which is what streaming would be needed for): most of a list page's React cost.
  integrations: [
    react({ experimentalDisableStreaming: true }),
    lateHydration(),
    serverEntry(),
    testHooks(),
  ],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // Cross-site form posts are refused by our own middleware (server/http/requestGuard.ts), which
  // answers in the API's JSON and lets the payment providers' notifications through.
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss()],
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pinyin-pro', 'svg-captcha'] },
  },
});
