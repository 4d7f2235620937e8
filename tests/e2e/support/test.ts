import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

// Islands that hydrate on their own (client:load, client:idle; the shop's own <yp-island>s,
// islands/pageIslands.ts, on load too); client:visible ones wait for a scroll.
const SELF_HYDRATING = 'astro-island:is([client="load"],[client="idle"]), yp-island';
const HYDRATION_WAIT_MS = 10_000;

/**
 * Whether the islands this selector finds (with `first`, the first of them, which must exist) have
 * their behaviour. Astro takes `ssr` off an island as soon as it has handed it to React, and React
 * hydrates in a transition after that (@astrojs/react's client): an input focused in that gap can
 * be replaced under the test. So an Astro island counts once React has claimed its first element;
 * the shop's own yp-islands take `ssr` off only then (pageIslands.ts). Runs in the page.
 */
export function islandsLive({ selector, first }: { selector: string; first: boolean }) {
  const islands = [...document.querySelectorAll(selector)];
  if (first && !islands.length) return false;
  return (first ? islands.slice(0, 1) : islands).every((island) => {
    if (island.hasAttribute('ssr')) return false;
    if (island.tagName !== 'ASTRO-ISLAND') return true;
    const root = island.querySelector(':scope > :not(template, astro-slot, link, style, script)');
    return !root || Object.keys(root).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * An island's buttons and forms are in the server's HTML before its script runs, and a click then
 * does nothing. On a loaded CI machine a test can click in that gap, so every navigation a test
 * makes ends only when the page's islands have hydrated, as a person's first click comes later.
 * A page whose islands do not hydrate in time is left to the test's own assertions to fail.
 */
async function islandsHydrated(page: Page) {
  await page
    .waitForFunction(
      islandsLive,
      { selector: SELF_HYDRATING, first: false },
      { timeout: HYDRATION_WAIT_MS },
    )
    .catch((error: Error) => {
      if (!page.isClosed())
        console.warn(`[e2e] islands not hydrated on ${page.url()}: ${error.message}`);
    });
}

// The navigations a test waits on; each takes its options last: goto(url, o), reload(o),
// waitForURL(url, o).
const NAVIGATIONS = ['goto', 'reload', 'waitForURL'] as const;

// Headless Chromium now and then refuses a capture on a loaded machine ("Unable to capture
// screenshot", an upstream compositor failure, puppeteer#5341); the page itself is fine, and a
// second try a moment later succeeds. Screenshots here are for people to look at, not assertions.
const CAPTURE_REFUSED = /Unable to capture screenshot/;
const CAPTURE_TRIES = 3;

/**
 * Wraps Page's navigations and screenshots once per worker: every page gets them, however it was
 * opened.
 */
function wrapPage(page: Page) {
  const proto = Object.getPrototypeOf(page) as Record<string, (...args: unknown[]) => unknown>;
  const screenshot = proto.screenshot!;
  proto.screenshot = async function (this: Page, ...args: unknown[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await screenshot.apply(this, args);
      } catch (error) {
        if (attempt >= CAPTURE_TRIES || !CAPTURE_REFUSED.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  };
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
      wrapPage(await context.newPage());
      await context.close();
      await use();
    },
    { auto: true, scope: 'worker' },
  ],
});
