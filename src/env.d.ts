/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./server/sessions.ts').SessionUser | null;
    /** The session token from the cookie, for logout and store switching. */
    sessionToken: string | null;
  }
}

