import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import * as ts from 'typescript';

const sdk = resolve(__dirname, '../..');
const dist = join(sdk, 'dist');
const pkg = JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8'));

/** Type errors of `file` compiled against the built declarations (and the contracts, when asked). */
function typeErrors(file: string, withContracts = false): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    baseUrl: sdk,
    paths: {
      '@logdesk/client-sdk': [join(dist, 'index.d.ts')],
      ...(withContracts ? { '@logdesk/contracts': [join(sdk, '../contracts/src/index.ts')] } : {}),
    },
  };
  const program = ts.createProgram([join(sdk, 'test/types', file)], options);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('the published package', () => {
  it('types per-call tags and defaultTags through Tags (compiled against dist/index.d.ts)', () => {
    expect(typeErrors('tags.typetest.ts')).toEqual([]);
  });

  it('keeps LogLevel equal to the contract’s', () => {
    expect(typeErrors('contracts.typetest.ts', true)).toEqual([]);
  });

  it('ships declarations that stand alone, without @logdesk/contracts', () => {
    const declarations = readdirSync(dist, { recursive: true }).filter((file) => String(file).endsWith('.d.ts'));
    expect(declarations).toContain('index.d.ts');
    for (const file of declarations) {
      expect(readFileSync(join(dist, String(file)), 'utf8')).not.toContain('@logdesk/contracts');
    }
  });

  it('has no runtime dependencies, no side effects and an exports map to files that exist', () => {
    expect(pkg).toMatchObject({ name: '@logdesk/client-sdk', version: '0.1.0', sideEffects: false });
    expect(pkg.dependencies).toBeUndefined();
    const targets = [
      pkg.main,
      pkg.module,
      pkg.types,
      ...Object.values(pkg.exports['.']),
      pkg.exports['./logdesk.iife.js'],
    ];
    for (const target of targets) expect(existsSync(join(sdk, target as string))).toBe(true);
  });

  it('builds bundles that import nothing', () => {
    for (const file of ['index.mjs', 'index.browser.mjs']) {
      expect(readFileSync(join(dist, file), 'utf8')).not.toMatch(/^\s*import\s/m);
    }
    expect(readFileSync(join(dist, 'index.cjs'), 'utf8')).not.toMatch(/\brequire\(/);
    expect(readFileSync(join(dist, 'logdesk.iife.js'), 'utf8')).not.toMatch(/\brequire\(|\bimport\(/);
  });

  it('exposes createServiceClient from the ESM, CJS and IIFE builds', () => {
    const esm = execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(join(dist, 'index.mjs'))}); console.log(typeof m.createServiceClient);`,
    ]);
    expect(esm.toString().trim()).toBe('function');
    expect(typeof require(join(dist, 'index.cjs')).createServiceClient).toBe('function');
    const page: { Logdesk?: { createServiceClient?: unknown } } = {};
    runInNewContext(readFileSync(join(dist, 'logdesk.iife.js'), 'utf8'), page);
    expect(typeof page.Logdesk?.createServiceClient).toBe('function');
  });
});
