// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import lateHydration from './src/directives/integration.ts';

export default defineConfig({
  output: 'server',
  // Pages are rendered whole before the first byte anyway (their data is read in the frontmatter);
  // buffering skips a web stream per chunk, a tenth of a page's server time.
  adapter: node({ mode: 'standalone', experimentalDisableStreaming: true }),
  // Islands render with renderToString instead of a web stream each (no island uses Suspense or
  // useId, which is what streaming would be needed for): most of a list page's React cost.
  integrations: [react({ experimentalDisableStreaming: true }), lateHydration()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  security: { checkOrigin: true },
  vite: {
    plugins: [tailwindcss()],
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pinyin-pro'] },
  },
});
