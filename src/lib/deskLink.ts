/** A desk list's link to one of its pages: the filters that are set, then the page. */
export function deskPageLink(path: string, filters: Record<string, string | undefined>) {
  return (page: number): string => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) s.set(k, v);
    s.set('page', String(page));
    return `${path}?${s}`;
  };
}
