import { transcode } from 'node:buffer';

// Text as UTF-8 bytes for an answer's body: the regions filled into a shared page
// (pageTemplate.ts) and the API's JSON (http/respond.ts).
// Buffer.from(string) reads a string twice (its UTF-8 length, then the bytes), and a two-byte
// string (any Chinese in it) takes V8's character-by-character path both times; a Response made
// of a string encodes it with TextEncoder, no faster. A list page's goods region, ~35,000
// characters, cost ~140 µs, a sixth of a filled list page's CPU. Its UTF-16 code
// units copied out as they are held (a copy) and handed to node:buffer's transcode (simdutf, many
// characters at a time) cost ~25 µs. Transcode refuses a lone surrogate, which Buffer.from writes
// as U+FFFD: such a value takes Buffer.from.
// Shorter values take Buffer.from, which slices them from Node's pool. The UTF-16 copy goes into
// one buffer kept for the next value, up to KEPT_UTF16 bytes: a larger answer (a long export's
// JSON) gets a buffer of its own, which goes with it rather than staying for the process's life.
const SMALL_VALUE = 1024;
const KEPT_UTF16 = 512 * 1024;
const kept = Buffer.allocUnsafeSlow(KEPT_UTF16);

/** `value` as UTF-8 bytes, as Buffer.from(value) makes them. */
export function utf8(value: string): Buffer<ArrayBuffer> {
  if (value.length < SMALL_VALUE) return Buffer.from(value);
  const size = value.length * 2;
  const utf16 = size <= KEPT_UTF16 ? kept : Buffer.allocUnsafeSlow(size);
  utf16.write(value, 0, 'utf16le');
  try {
    // A new buffer of its own, never shared memory, though @types/node types it as either.
    return transcode(utf16.subarray(0, size), 'utf16le', 'utf8') as Buffer<ArrayBuffer>;
  } catch {
    return Buffer.from(value);
  }
}
