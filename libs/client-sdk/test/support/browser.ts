import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export { launchChromium } from '../../../../scripts/chromium';

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
