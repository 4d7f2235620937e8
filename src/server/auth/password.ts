import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

// Each hash holds its ~32 MiB for as long as it runs on libuv's thread pool (4 threads): four
// logins at once added 128 MiB to the process's resident memory (the bench's login row at 4
// clients, 100,000 goods: peak RSS 752 → 848 MB). More hashes at once than cores finish no
// sooner, so the others wait their turn here and the extra memory stays one hash per core.
const HASHES_AT_ONCE = Math.max(1, availableParallelism());
let hashing = 0;
const waiting: (() => void)[] = [];

async function scrypt(pw: string, salt: Buffer, len: number, opts: ScryptOptions): Promise<Buffer> {
  if (hashing < HASHES_AT_ONCE) hashing++;
  // a finishing hash hands its turn straight to the first waiting one
  else await new Promise<void>((turn) => waiting.push(turn));
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

// scrypt is memory-hard; N=2^15 costs ~32 MiB and tens of ms per hash, the price of a login.
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64url');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Verified against when a login is unknown, so the answer takes as long as for a known one. */
export const UNKNOWN_ACCOUNT_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
