/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./server/sessions.ts').SessionUser | null;
    /** The session token from the cookie, for logout and store switching. */
    sessionToken: string | null;
    /** The staff member of a back-office request (/admin, /api/admin), from their own cookie. */
    staff: import('./server/staff/sessions.ts').StaffUser | null;
    staffToken: string | null;
    /** Set by a goods list or detail page whose kind's other pages may be filled into its copy. */
    pageFill?: import('./server/filledPages.ts').PageFillSource;
  }
}
