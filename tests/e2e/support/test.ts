import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

// Islands that hydrate on their own (client:load, client:idle); client:visible ones wait for a scroll.
const UNHYDRATED = 'astro-island[ssr]:is([client="load"],[client="idle"])';
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

let patched = false;

/** Wraps Page's navigations (for every page of the worker, however it was opened) once. */
function waitForIslandsAfterNavigation(page: Page) {
  if (patched) return;
  patched = true;
  const proto = Object.getPrototypeOf(page) as Page;
  const goto = proto.goto;
  proto.goto = async function (this: Page, url, options) {
    const response = await goto.call(this, url, options);
    if (options?.waitUntil !== 'commit') await islandsHydrated(this);
    return response;
  };
  const reload = proto.reload;
  proto.reload = async function (this: Page, options) {
    const response = await reload.call(this, options);
    if (options?.waitUntil !== 'commit') await islandsHydrated(this);
    return response;
  };
  const waitForURL = proto.waitForURL;
  proto.waitForURL = async function (this: Page, url, options) {
    await waitForURL.call(this, url, options);
    if (options?.waitUntil !== 'commit') await islandsHydrated(this);
  };
}

export const test = base.extend<{ islands: void }>({
  islands: [
    async ({ browser }, use) => {
      if (!patched) {
        const context = await browser.newContext();
        waitForIslandsAfterNavigation(await context.newPage());
        await context.close();
      }
      await use();
    },
    { auto: true },
  ],
});
