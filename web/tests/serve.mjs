// The page served as the README serves it (`python3 -m http.server -d web PORT`, on a free local
// port), for the tests and the benchmark; and the browser: Debian's Chromium
// (/usr/bin/chromium, or $CHROMIUM), headless, driven over the DevTools protocol by
// playwright-core.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const web = fileURLToPath(new URL('../', import.meta.url));
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** A port free on 127.0.0.1 now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Serves `dir` (web/) with the README's command until `close()`; resolves to `{url, close}`. */
export async function serve(dir = web) {
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', '-d', dir, '--bind', '127.0.0.1', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (i === 100 || server.exitCode !== null) {
      server.kill();
      throw new Error(`python3 -m http.server did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, close: () => server.kill() };
}

/** Headless Chromium with the flags a closed network needs (no background connections). */
export function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
