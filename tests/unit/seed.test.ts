import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '#/server/auth/password.ts';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '#/server/db/seed/members.ts';

const src = path.resolve(import.meta.dirname, '..', '..', 'src');
const seedDir = path.join(src, 'server', 'db', 'seed');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx|astro)$/.test(e.name) ? [p] : [];
  });
}

/** Every module specifier a file imports statically (`import … from`, `export … from`). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'";]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
}

describe('the demo seed', () => {
  it('stores a hash of the demo password that verifies', async () => {
    expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true);
  });

  it('imports only lib/, the schema, the db client type and its own modules', () => {
    const allowed =
      /^(#\/lib\/|#\/server\/db\/schema\/|#\/server\/db\/client\.ts$|\.\/|drizzle-orm)/;
    for (const file of sourceFiles(seedDir))
      for (const spec of staticImports(file))
        expect(spec, `${path.relative(src, file)} imports ${spec}`).toMatch(allowed);
  });

  it('is loaded by no module of the running app', () => {
    for (const file of sourceFiles(src)) {
      if (file.startsWith(seedDir)) continue;
      for (const spec of staticImports(file))
        expect(spec, `${path.relative(src, file)} imports ${spec}`).not.toMatch(/\/seed\//);
    }
  });
});
