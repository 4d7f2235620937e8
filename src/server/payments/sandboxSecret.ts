// The sandbox's signing secret is never in the source: PAY_SANDBOX_SECRET, or 32 random bytes
// generated once per data folder and kept in <DATA_DIR>/secrets/pay-sandbox.key (mode 0600), so a
// restart keeps accepting notifications signed before it. An in-memory database gets a random
// secret per process. Two processes starting on one folder agree: the file appears whole or not
// at all (written aside, then hard-linked into place).
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEY_TEXT = /^[0-9a-f]{64}$/;
let memorySecret: string | null = null;

export const sandboxSecretFile = (dataDir: string) =>
  path.join(dataDir, 'secrets', 'pay-sandbox.key');

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!KEY_TEXT.test(text))
    throw new Error(`${file} 不是有效的沙箱支付密钥（expected 64 hex characters）`);
  return text;
}

export function sandboxSecret(fromEnv: string | null, dataDir: string): string {
  if (fromEnv) return fromEnv;
  if (dataDir === 'memory://') {
    memorySecret ??= randomBytes(32).toString('hex');
    return memorySecret;
  }
  const file = sandboxSecretFile(dataDir);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
  const secret = readKeyFile(file);
  if (!secret) throw new Error(`${file} 未能写入`);
  return secret;
}
