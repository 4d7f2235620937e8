// Form encoding for the browser client: the same bracket format as qs.stringify's defaults
// (`params[0][goods_id]=1`, percent-encoded brackets), which the server parses with qs. A few
// lines instead of qs and its dependencies in every page's JavaScript.

type Pair = [string, string];

function collect(prefix: string, value: unknown, out: Pair[]): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) {
    out.push([prefix, '']);
  } else if (value instanceof Date) {
    out.push([prefix, value.toISOString()]);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => collect(`${prefix}[${i}]`, v, out));
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(`${prefix}[${k}]`, v, out);
  } else {
    out.push([prefix, String(value)]);
  }
}

/** `{a: 1, b: [{c: 2}]}` → `a=1&b%5B0%5D%5Bc%5D=2`; undefined values are left out. */
export function formEncode(data: object): string {
  const out: Pair[] = [];
  for (const [k, v] of Object.entries(data)) collect(k, v, out);
  return out.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}
