// Size of the SDK as an app ships it: `import { createServiceClient } from '@logdesk/client-sdk'`, one client
// and one info call, bundled by esbuild for the browser through the package's exports map (so the "browser"
// condition applies), minified and gzipped; the same for a Node-side bundle (universal build, for
// information); the IIFE as served; and two well-known browser log SDKs bundled the same way for comparison.
// Exits non-zero when the browser ESM figure is over budget.
// Run: node libs/client-sdk/scripts/size.mjs (after the build)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET_BYTES = 4 * 1024;
const sdk = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(sdk, '../..');

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

// The package is not installed anywhere; a throwaway node_modules lets esbuild resolve it by name.
const app = mkdtempSync(join(tmpdir(), 'logdesk-size-'));
mkdirSync(join(app, 'node_modules/@logdesk'), { recursive: true });
symlinkSync(sdk, join(app, 'node_modules/@logdesk/client-sdk'), 'dir');

async function bundle(contents, platform = 'browser') {
  const result = await build({
    stdin: { contents, resolveDir: contents.includes('@logdesk/') ? app : repo, loader: 'js' },
    // Other packages come from the repository's node_modules.
    nodePaths: [join(repo, 'node_modules')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2020',
    // As an app's production build would.
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

const useSdk = `import { createServiceClient } from '@logdesk/client-sdk';
  createServiceClient({ projectId: 'shop', apiKey: 'local', mode: 'local' }).info({ bucket: 'app', message: 'hi' });`;

const cases = [
  { name: '@logdesk/client-sdk ESM, browser app (createServiceClient + info)', budget: BUDGET_BYTES, code: useSdk },
  { name: '@logdesk/client-sdk ESM, Node bundle (universal build)', code: useSdk, platform: 'node' },
  {
    name: '@logtail/browser (new Logtail + info)',
    code: `import { Logtail } from '@logtail/browser'; new Logtail('token').info('hi');`,
  },
  {
    name: '@datadog/browser-logs (init + logger.info)',
    code: `import { datadogLogs } from '@datadog/browser-logs';
      datadogLogs.init({ clientToken: 'token', site: 'datadoghq.com' }); datadogLogs.logger.info('hi');`,
  },
];

let over = false;
const rows = [];
for (const { name, code, budget, platform } of cases) {
  const bytes = await bundle(code, platform);
  const gz = gzipSize(bytes);
  if (budget && gz > budget) over = true;
  rows.push({ bundle: name, 'min (B)': bytes.length, 'min+gzip (B)': gz, budget: budget ?? '' });
}
const iife = readFileSync(join(sdk, 'dist/logdesk.iife.js'));
rows.push({
  bundle: '@logdesk/client-sdk IIFE (dist/logdesk.iife.js)',
  'min (B)': iife.length,
  'min+gzip (B)': gzipSize(iife),
  budget: '',
});
console.table(rows);
rmSync(app, { recursive: true, force: true });

if (over) {
  console.error(`Over budget: the SDK's ESM bundle must stay within ${BUDGET_BYTES} B min+gzip.`);
  process.exit(1);
}
