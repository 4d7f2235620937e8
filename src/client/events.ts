// Page-level announcements that wake late islands (client:event="name"). A name announced before
// the island's directive ran is remembered on window, so the order does not matter.
export function announce(name: string): void {
  const w = window as { __yaopiEvents?: Set<string> };
  (w.__yaopiEvents ??= new Set()).add(name);
  window.dispatchEvent(new Event(`yaopi:${name}`));
}
