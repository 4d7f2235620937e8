// Type the late-hydration directives on every component (module augmentation of 'astro').
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus, touch or key event inside the island. */
    'client:interact'?: boolean;
    /** Hydrate when `announce(name)` runs (src/client/events.ts). */
    'client:event'?: string;
  }
}
