import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Late-hydration directives that keep React off the page until a buyer needs it. */
export default function lateHydration(): AstroIntegration {
  return {
    name: 'yaopi-late-hydration',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./interact.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'event',
          entrypoint: fileURLToPath(new URL('./event.ts', import.meta.url)),
        });
      },
    },
  };
}
