// /kjcg quick purchase: one pasted line is "name or code + quantity". Pure.

/** One pasted line "name or code + quantity" (quantity defaults to 1). */
export function parseQuickLine(raw: string): { query: string; number: number } | null {
  const text = raw.replace(/[，,\t；;]+/g, ' ').trim();
  if (!text) return null;
  const m = /^(.*?)(?:\s+|\s*[x×*]\s*)(\d{1,6})$/i.exec(text);
  if (m && m[1]!.trim()) return { query: m[1]!.trim(), number: Number(m[2]) };
  return { query: text, number: 1 };
}
