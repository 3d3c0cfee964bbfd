// Adds lockfile entries for platform-specific optional packages this machine's registry does not
// serve (other operating systems' builds of rollup, unrs-resolver, msgpackr-extract...). npm
// leaves them out of package-lock.json when it cannot fetch them, and `npm ci` then refuses the
// lockfile as out of sync. Each stub carries the os/cpu/libc read from the package's name, so npm
// skips it here and, on a machine of that platform, fetches it from the registry by version.
// Run after any change to the dependencies: `npm install && node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const meta of Object.values({ ...packages })) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const tokens = name.split('/').pop().split('-');
    const os = OS.find((token) => tokens.includes(token));
    const cpu = CPU.find((token) => tokens.includes(token));
    const libc = tokens.includes('musl') ? 'musl' : tokens.includes('gnu') || tokens.some((t) => t.startsWith('gnu')) ? 'glibc' : undefined;
    packages[key] = {
      version: String(range).replace(/^[\^~=v]+/, ''),
      optional: true,
      // A package named for no platform (a wasm build) gets an os no machine has: never installed.
      os: [os ?? 'none'],
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc && os === 'linux' ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform entries added`);
