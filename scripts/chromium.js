// Debian's Chromium for the browser specs (web, client-sdk) and the dashboard bench: CI installs it
// with apt, and no test tool may download a browser here. Plain CommonJS so Jest (ts-jest) and the
// .mjs benchmarks share it; types in chromium.d.ts.
const { execFileSync } = require('node:child_process');

/** Flags for Chromium in a container: no sandbox, no GPU, nothing phoning home. */
exports.CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH, else `chromium` on PATH. A missing browser fails (specs never skip for it). */
exports.chromiumPath = function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  let path = '';
  try {
    path = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    // Reported below.
  }
  if (!path) throw new Error('Chromium not found on PATH: install it with `apt-get install chromium` (.ci/run does).');
  return path;
};

/** Launches headless Chromium through playwright-core. */
exports.launchChromium = function launchChromium() {
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath: exports.chromiumPath(), args: exports.CHROMIUM_ARGS });
};
