import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';
import { listenOnBothLoopbacks } from './loopback';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  if (config.host === 'localhost') await listenOnBothLoopbacks(app.getHttpServer());
  const { port } = app.getHttpServer().address() as AddressInfo;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // Tests and scripts wait for this exact line.
  console.log(`Logdesk listening on http://${shown}:${port} (data: ${config.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
