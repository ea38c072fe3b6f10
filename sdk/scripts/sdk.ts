// `clubdata sdk types` regenerates sdk/src/openapi.ts from the service's OpenAPI document;
// `clubdata sdk build [--out DIR]` compiles the package to sdk/dist (or DIR), ready to publish.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateTypes, TYPES_FILE } from './types.ts';

const sdk = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(sdk);
const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });

/** Compiles sdk/src into `outDir` with the package's tsconfig and these options on top. */
function compile(outDir: string, options: string[] = []): void {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(sdk, 'tsconfig.json'), '--outDir', outDir, ...options], { stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('clubdata sdk build: the compiler failed\n');
    process.exit(1);
  }
}

const [command] = positionals;
if (command === 'types') {
  writeFileSync(TYPES_FILE, await generateTypes());
  process.stdout.write(`wrote ${fileURLToPath(TYPES_FILE)}\n`);
} else if (command === 'build') {
  const out = resolve(values.out ?? join(sdk, 'dist'));
  rmSync(out, { recursive: true, force: true });
  // The ES modules in dist/, and CommonJS in dist/cjs/ (marked so by a package.json of its own)
  // for `require('@clubdata/sdk')`: each with its declarations.
  compile(out);
  compile(join(out, 'cjs'), ['--module', 'commonjs', '--moduleResolution', 'bundler', '--verbatimModuleSyntax', 'false']);
  writeFileSync(join(out, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  // The compiler rewrites `./x.ts` imports to `./x.js` in the JavaScript but not in the
  // declarations, where a consumer's TypeScript would look for .ts files that are not published.
  for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue;
    const path = join(out, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/(from '\.{1,2}\/[^']+)\.ts'/g, "$1.js'"));
  }
  process.stdout.write(`built ${out}\n`);
} else {
  process.stderr.write('usage: clubdata sdk types | clubdata sdk build [--out DIR]\n');
  process.exit(2);
}
