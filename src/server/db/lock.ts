import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import path from 'node:path';

// PGlite has no lock of its own on its folder; two processes writing it corrupt it.
// A pid file makes the second process stop with a clear message instead.
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'yaopi.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner === process.pid) return;
      if (owner && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is already used by process ${owner}. ` +
            'Stop that process, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
