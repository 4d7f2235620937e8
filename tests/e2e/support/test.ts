import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

// Islands that hydrate on their own (client:load, client:idle; the shop's own <yp-island>s,
// islands/pageIslands.ts, on load too); client:visible ones wait for a scroll.
const UNHYDRATED = 'astro-island[ssr]:is([client="load"],[client="idle"]), yp-island[ssr]';
const HYDRATION_WAIT_MS = 10_000;

/**
 * An island's buttons and forms are in the server's HTML before its script runs, and a click then
 * does nothing. On a loaded CI machine a test can click in that gap, so every navigation a test
 * makes ends only when the page's islands have hydrated, as a person's first click comes later.
 * A page whose islands do not hydrate in time is left to the test's own assertions to fail.
 */
async function islandsHydrated(page: Page) {
  await page
    .locator(UNHYDRATED)
    .first()
    .waitFor({ state: 'detached', timeout: HYDRATION_WAIT_MS })
    .catch((error: Error) => {
      if (!page.isClosed())
        console.warn(`[e2e] islands not hydrated on ${page.url()}: ${error.message}`);
    });
}

// The navigations a test waits on; each takes its options last: goto(url, o), reload(o),
// waitForURL(url, o).
const NAVIGATIONS = ['goto', 'reload', 'waitForURL'] as const;

/** Wraps Page's navigations once per worker: every page gets them, however it was opened. */
function waitForIslandsAfterNavigation(page: Page) {
  const proto = Object.getPrototypeOf(page) as Record<string, (...args: unknown[]) => unknown>;
  for (const name of NAVIGATIONS) {
    const navigate = proto[name]!;
    proto[name] = async function (this: Page, ...args: unknown[]) {
      const result = await navigate.apply(this, args);
      const options = args.at(-1) as { waitUntil?: string } | null | undefined;
      if (options?.waitUntil !== 'commit') await islandsHydrated(this);
      return result;
    };
  }
}

export const test = base.extend<object, { islands: void }>({
  islands: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      waitForIslandsAfterNavigation(await context.newPage());
      await context.close();
      await use();
    },
    { auto: true, scope: 'worker' },
  ],
});
