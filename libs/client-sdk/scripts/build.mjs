// Builds the SDK into libs/client-sdk/dist: index.mjs (ESM), index.cjs (CommonJS), index.browser.mjs (ESM
// without the Node adapter), index.d.ts (+ siblings), and logdesk.iife.js (minified, global `Logdesk`,
// served by the API at /sdk/logdesk.js).
// Run from anywhere: node libs/client-sdk/scripts/build.mjs
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

rmSync(dist, { recursive: true, force: true });

const common = {
  entryPoints: [join(root, 'src/index.ts')],
  bundle: true,
  // The tsconfig's paths resolve @logdesk/contracts, whose constants are inlined: the bundles import nothing.
  tsconfig: join(root, 'tsconfig.json'),
  define: { __LOGDESK_SDK_VERSION__: JSON.stringify(version) },
  // neutral: esbuild would otherwise define process.env.NODE_ENV for browser builds and fix the dev switch.
  platform: 'neutral',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
};

// Pages get bundles without the Node adapter: the exports map's "browser" condition and the script tag.
const browserOnly = { ...common, define: { ...common.define, __LOGDESK_BROWSER_BUILD__: 'true' } };

await Promise.all([
  build({ ...common, format: 'esm', outfile: join(dist, 'index.mjs') }),
  build({ ...common, format: 'cjs', outfile: join(dist, 'index.cjs') }),
  build({ ...browserOnly, format: 'esm', outfile: join(dist, 'index.browser.mjs') }),
  build({
    ...browserOnly,
    format: 'iife',
    globalName: 'Logdesk',
    minify: true,
    banner: { js: `/* ${name} ${version} */` },
    outfile: join(dist, 'logdesk.iife.js'),
  }),
]);

// Declarations: tsc sees libs/contracts through the path alias, so it emits under the repository root;
// only the SDK's own files are kept.
const declarations = mkdtempSync(join(tmpdir(), 'logdesk-sdk-dts-'));
try {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--declarationDir', declarations], {
    stdio: 'inherit',
  });
  cpSync(join(declarations, 'libs/client-sdk/src'), dist, { recursive: true });
} finally {
  rmSync(declarations, { recursive: true, force: true });
}

// The published types must stand alone: @logdesk/contracts is not a dependency of the package.
const leaks = readdirSync(dist, { recursive: true })
  .filter((file) => String(file).endsWith('.d.ts'))
  .filter((file) => readFileSync(join(dist, String(file)), 'utf8').includes('@logdesk/contracts'));
if (leaks.length) {
  console.error(`Declarations refer to @logdesk/contracts: ${leaks.join(', ')}`);
  process.exit(1);
}

console.log(`${name} ${version} built into ${dist}`);
