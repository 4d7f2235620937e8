/**
 * Where to go after login: only a same-site absolute path ("/cart?x=1"), never another origin
 * ("//evil.com", "/\\evil.com", "https://…") or the login page itself. Pure.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || raw.length > 2000) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\\]/.test(raw)) return fallback;
  if (/^\/(login|register|forget)(\/|\?|$)/.test(raw)) return fallback;
  return raw;
}
