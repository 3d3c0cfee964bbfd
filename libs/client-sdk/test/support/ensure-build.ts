import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const sdk = resolve(__dirname, '../..');
const OUTPUTS = ['index.mjs', 'index.cjs', 'index.browser.mjs', 'index.d.ts', 'logdesk.iife.js'];

/** Latest change under `path`, specs left out (they are not built). */
const newest = (path: string): number =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
    : path.endsWith('.spec.ts')
      ? 0
      : statSync(path).mtimeMs;

/** Builds dist/ when a bundle is missing or older than what it is made from (`npm test` has built it already). */
export default function ensureBuild(): void {
  const sources = [
    join(sdk, 'src'),
    join(sdk, 'package.json'),
    join(sdk, 'scripts/build.mjs'),
    join(sdk, '../contracts/src'),
  ];
  const outputs = OUTPUTS.map((name) => join(sdk, 'dist', name));
  const built = outputs.every((file) => existsSync(file)) ? Math.min(...outputs.map(newest)) : 0;
  if (built < Math.max(...sources.map(newest))) {
    execFileSync(process.execPath, [join(sdk, 'scripts/build.mjs')], { stdio: 'inherit' });
  }
}
