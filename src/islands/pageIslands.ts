// Islands hosted by the shop's own <yp-island> element instead of Astro's <astro-island>: a page
// built as a string (the detail page's countdown, components/goodsDetailHtml.ts) holds them, so
// another goods' page can be filled into its shared copy without an Astro render
// (server/filledPages.ts). The server renders them with React's renderToString
// (components/islandHtml.ts) and client/islands.ts hydrates them with the same props and id
// prefix.
import { type ComponentProps, createElement, type FunctionComponent, useEffect } from 'react';
import Countdown from './Countdown.tsx';

export const PAGE_ISLANDS = { Countdown } as const;
export type PageIsland = keyof typeof PAGE_ISLANDS;
export type PageIslandProps<N extends PageIsland> = ComponentProps<(typeof PAGE_ISLANDS)[N]>;

/**
 * An island's root, the same on the server and in the browser (so useId agrees); in the browser
 * `onHydrated` runs once the island's handlers are attached.
 */
export function IslandRoot<N extends PageIsland>({
  name,
  props,
  onHydrated,
}: {
  name: N;
  props: PageIslandProps<N>;
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  // Each name's props are its component's (PageIslandProps), which TypeScript cannot follow here.
  return createElement(PAGE_ISLANDS[name] as FunctionComponent<object>, props);
}
