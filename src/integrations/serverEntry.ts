import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Builds src/server/serve.ts as one more entry of Astro's server build, dist/server/serve.mjs. It
 * shares its chunks with the pages, so the server process (scripts/start.mjs) runs on the same
 * module instances as Astro: one session cache, one set of shared pages, one database handle.
 */
export default function serverEntry(): AstroIntegration {
  const id = fileURLToPath(new URL('../server/serve.ts', import.meta.url));
  return {
    name: 'yaopi-server-entry',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'yaopi-server-entry',
                applyToEnvironment: (environment) => environment.name === 'ssr',
                // An emitted chunk keeps its own file name (a second rolldown input would be
                // named after Astro's entry.mjs).
                buildStart() {
                  this.emitFile({ type: 'chunk', id, fileName: 'serve.mjs' });
                },
              },
            ],
          },
        });
      },
    },
  };
}
