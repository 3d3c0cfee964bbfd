import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

/** Flags for Debian's Chromium in a container: no sandbox, no GPU, nothing phoning home. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium (CI installs it with apt; no test tool may download a browser). A missing browser
 * fails the spec rather than skipping it, so a green run always means the browser build was exercised.
 */
export async function launchChromium(): Promise<Browser> {
  let executablePath = '';
  try {
    executablePath = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    // Reported below.
  }
  if (!executablePath) {
    throw new Error('Chromium not found on PATH: install it with `apt-get install chromium` (.ci/run does).');
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export interface StaticServer {
  /** `http://localhost:<port>`: an origin of its own, so the SDK's requests are cross-origin. */
  url: string;
  close(): Promise<void>;
}

/** Serves fixed files; `files` maps a path to its content type and body. */
export async function startStatic(
  files: Record<string, { type: string; body: string | Buffer }>,
): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A page that loads the SDK from `sdkUrl` and makes `window.logdesk`, with global handlers attached. */
export function sdkPage(sdkUrl: string, config: Record<string, unknown>): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>logdesk sdk</title>
<script src="${sdkUrl}"></script>
<script>
  window.logdesk = Logdesk.createServiceClient(${JSON.stringify(config)});
  window.logdesk.attachGlobalErrorHandlers();
</script>
</head><body><a href="/next.html">next</a></body></html>`;
}
