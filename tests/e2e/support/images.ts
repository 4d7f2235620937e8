// Images built in the test, so journeys attach files the browser and the server really decode.
import { crc32, deflateSync } from 'node:zlib';

/** A truecolour PNG of the given size, each pixel's RGB from `pixel`. */
function png(width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour RGB
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      Buffer.from(Array.from({ length: width }, (_, x) => pixel(x, y)).flat()),
    ]),
  );
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 8×8 red PNG, built here so the journey attaches a photo the browser can show. */
export const tinyPng = (): Buffer => png(8, 8, () => [220, 30, 30]);

/**
 * A 240×160 "scanned certificate": cream paper, a double red frame, grey text lines and a red
 * seal, so a reviewer's screen shows something that looks like a licence.
 */
export function licenceScanPng(): Buffer {
  const [w, h] = [240, 160];
  return png(w, h, (x, y) => {
    const edge = Math.min(x, y, w - 1 - x, h - 1 - y);
    if (edge === 6 || edge === 9) return [190, 40, 40];
    const seal = Math.hypot(x - 190, y - 115);
    if (seal < 22 && seal > 18) return [200, 30, 30];
    const line = y > 30 && y < 100 && (y - 30) % 14 < 3 && x > 24 && x < (y < 40 ? 150 : 210);
    if (line) return [110, 110, 110];
    return [250, 246, 232];
  });
}

/**
 * A 750×288 "banner": a green-to-teal sweep with a white pill and two capsules, so the home page's
 * carousel shows something that looks like a promotion.
 */
export function bannerPng(): Buffer {
  const [w, h] = [750, 288];
  return png(w, h, (x, y) => {
    const pill = Math.abs(y - 144) < 40 && x > 80 && x < 420;
    if (pill) return [255, 255, 255];
    const capsule = Math.hypot(x - 560, y - 110) < 46 || Math.hypot(x - 630, y - 190) < 38;
    if (capsule) return [245, 150, 40];
    const t = x / w;
    return [Math.round(10 + 20 * t), Math.round(120 + 40 * t), Math.round(80 + 70 * t)];
  });
}
