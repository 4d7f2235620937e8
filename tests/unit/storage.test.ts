import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WEBP = new TextEncoder().encode('RIFF\x24\0\0\0WEBPVP8 ');
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>');

let dataDir: string;
let storage: typeof import('#/server/storage.ts');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yaopi-storage-'));
  process.env['DATA_DIR'] = dataDir;
  storage = await import('#/server/storage.ts');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('storage', () => {
  it('judges a file by its content and its rule', () => {
    const images = { types: ['image/png', 'image/webp'], maxBytes: 20 } as const;
    expect(storage.sniffType(WEBP)).toBe('image/webp');
    expect(storage.accept(new Uint8Array(), images)).toBe('empty');
    expect(storage.accept(new Uint8Array(21).fill(0x89), images)).toBe('too_large');
    expect(storage.accept(HTML.slice(0, 20), images)).toBe('wrong_type');
    expect(storage.accept(new TextEncoder().encode('%PDF-1.7'), images)).toBe('wrong_type');
    const upload = storage.accept(WEBP, images);
    expect(upload).toMatchObject({ type: 'image/webp' });
    expect(typeof upload === 'object' && upload.name).toMatch(/^[0-9a-f]{32}\.webp$/);
  });

  it('knows an OFD invoice by the OFD.xml its ZIP package names, not by being a ZIP', () => {
    const zip = (entry: string) =>
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode(`\0\0${entry}`)]);
    expect(storage.sniffType(zip('OFD.xml'))).toBe('application/ofd');
    expect(storage.sniffType(zip('word/document.xml'))).toBeNull();
    expect(storage.sniffType(new TextEncoder().encode('OFD.xml'))).toBeNull();
    const invoices = { types: ['application/pdf', 'application/ofd'], maxBytes: 100 } as const;
    expect(storage.accept(zip('OFD.xml'), invoices)).toMatchObject({ type: 'application/ofd' });
    expect(storage.accept(PNG, invoices)).toBe('wrong_type');
  });

  it('gives every file its own random name', () => {
    const rule = { types: ['image/png'], maxBytes: 100 } as const;
    const names = new Set(
      Array.from({ length: 50 }, () => (storage.accept(PNG, rule) as { name: string }).name),
    );
    expect(names.size).toBe(50);
  });

  it('keeps files under DATA_DIR by area, and finds only names it gave', async () => {
    const upload = storage.accept(PNG, { types: ['image/png'], maxBytes: 100 });
    if (typeof upload === 'string') throw new Error(upload);
    await storage.put('slips', upload);
    expect(readdirSync(path.join(dataDir, 'uploads', 'slips'))).toEqual([upload.name]);
    await expect(storage.put('slips', upload)).rejects.toThrow();
    const stored = await storage.get('slips', upload.name);
    expect(stored?.type).toBe('image/png');
    expect(new Uint8Array(stored!.bytes)).toEqual(PNG);
    expect(await storage.get('returns', upload.name)).toBeNull();
    expect(await storage.get('slips', `../slips/${upload.name}`)).toBeNull();
    await storage.remove('slips', upload.name);
    expect(await storage.get('slips', upload.name)).toBeNull();
  });
});
