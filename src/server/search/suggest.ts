import { searchIndex } from './index.ts';
import { suggest, type SearchMode, type Suggestion } from './matcher.ts';

/** Up to 10 suggestions for the header's dropdown; an empty keyword gives an empty list. */
export async function searchSuggestions(keywords: string, mode: SearchMode): Promise<Suggestion[]> {
  if (!keywords.trim()) return [];
  return suggest(await searchIndex(), mode, keywords, 10);
}
