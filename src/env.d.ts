/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./server/sessions.ts').SessionUser | null;
    /** The session token from the cookie, for logout and store switching. */
    sessionToken: string | null;
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus, touch or key event inside the island. */
    'client:interact'?: boolean;
    /** Hydrate when `announce(name)` runs (src/client/events.ts). */
    'client:event'?: string;
  }
}
