// The header search: which field is searched and the last submitted keyword (SPEC 2, 4).
export type SearchType = 1 | 2; // 1 drug, 2 manufacturer
export const SEARCH_TYPES: readonly { type: SearchType; label: string }[] = [
  { type: 1, label: '药品' },
  { type: 2, label: '厂家' },
];
export const KEYWORD_KEY = 'search_keywords';
export const TYPE_KEY = 'search_type';

export function parseSearchType(value: unknown): SearchType {
  return String(value) === '2' ? 2 : 1;
}

/** The URL a submitted search opens; null when the trimmed keyword is empty. */
export function searchHref(keyword: string, type: SearchType): string | null {
  const k = keyword.trim();
  if (!k) return null;
  return `/search?${new URLSearchParams({ keywords: k, type: String(type) })}`;
}

export function rememberSearch(keyword: string, type: SearchType): void {
  try {
    sessionStorage.setItem(KEYWORD_KEY, keyword.trim());
    sessionStorage.setItem(TYPE_KEY, String(type));
  } catch {
    /* storage disabled: the URL still carries the keyword */
  }
}

export function rememberedSearch(): { keyword: string; type: SearchType } {
  try {
    return {
      keyword: sessionStorage.getItem(KEYWORD_KEY) ?? '',
      type: parseSearchType(sessionStorage.getItem(TYPE_KEY)),
    };
  } catch {
    return { keyword: '', type: 1 };
  }
}
