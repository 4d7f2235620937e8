// A failed build never replaces the build being served (issue 17, item 7): it is made in a new
// folder and swapped in only on success.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { swapInBuild } from '../../scripts/build-if-stale.mjs';

const scratch: string[] = [];
afterEach(() => {
  for (const d of scratch.splice(0)) rmSync(d, { recursive: true, force: true });
});

function servedBuild(): string {
  const base = mkdtempSync(path.join(os.tmpdir(), 'yaopi-build-'));
  scratch.push(base);
  const dir = path.join(base, 'dist');
  mkdirSync(path.join(dir, 'client', 'help'), { recursive: true });
  writeFileSync(path.join(dir, 'client', 'help', 'index.html'), 'old help');
  return dir;
}

describe('swapInBuild', () => {
  it('keeps the served build whole when the new build fails halfway', () => {
    const dir = servedBuild();
    const status = swapInBuild(dir, (next: string) => {
      // A build that emptied its client folder and then failed, as astro build does on a bad article.
      mkdirSync(path.join(next, 'client'), { recursive: true });
      return 1;
    });
    expect(status).toBe(1);
    expect(readFileSync(path.join(dir, 'client', 'help', 'index.html'), 'utf8')).toBe('old help');
    expect(existsSync(`${dir}.next-${process.pid}`)).toBe(false);
  });

  it('puts a successful build in place of the old one', () => {
    const dir = servedBuild();
    const status = swapInBuild(dir, (next: string) => {
      mkdirSync(path.join(next, 'client', 'help'), { recursive: true });
      writeFileSync(path.join(next, 'client', 'help', 'index.html'), 'new help');
      return 0;
    });
    expect(status).toBe(0);
    expect(readFileSync(path.join(dir, 'client', 'help', 'index.html'), 'utf8')).toBe('new help');
    expect(existsSync(`${dir}.old-${process.pid}`)).toBe(false);
  });
});
