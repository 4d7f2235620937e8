// The browser tests use Debian's Chromium (Playwright cannot download its own builds here).
// Installs it when missing and we are root with apt-get; otherwise stops at once with the command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log(`[yaopi] Chromium is missing; installing Debian's package (${INSTALL})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (install && install.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `[yaopi] The browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo ${INSTALL}\n` +
      'then run npm test again.',
  );
  process.exit(1);
}
