import { existsSync } from 'node:fs';
import { say } from './log.mjs';
import { run } from './run.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Flags that work headless on these machines (no sandbox as root, no calls to Google's hosts). */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Installs Debian's Chromium when it is missing; a test tool never downloads a browser. */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  say('installing Chromium from Debian packages (apt-get install -y chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['install', '-y', '-q', 'chromium'], { env });
  if (code !== 0) {
    await run('apt-get', ['update', '-q'], { env });
    code = await run('apt-get', ['install', '-y', '-q', 'chromium'], { env });
  }
  if (code !== 0 || !existsSync(CHROMIUM)) throw new Error('could not install Chromium: run "apt-get install -y chromium" as root');
  return CHROMIUM;
}
