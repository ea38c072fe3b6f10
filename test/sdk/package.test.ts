// The SDK as a package: its types are the ones the service's OpenAPI document makes today (a
// change to the API that is not regenerated into sdk/src/openapi.ts fails here), a few method
// signatures are checked by the compiler, and the built package is what `npm pack` would publish
// and imports under plain Node with no TypeScript.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Booking, ClubData, Customer, Page, Signal, WithResponse } from '../../sdk/src/index.ts';
import { generateTypes, TYPES_FILE } from '../../sdk/scripts/types.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the SDK package', () => {
  it('has the types the current OpenAPI document makes (npm run sdk:types writes them)', async () => {
    const committed = await readFile(TYPES_FILE, 'utf8');
    const current = await generateTypes();
    expect(committed === current, 'sdk/src/openapi.ts is out of date: run `npm run sdk:types`').toBe(true);
  });

  it('types its methods from the document', () => {
    expectTypeOf<ClubData['customers']['retrieve']>().returns.resolves.toEqualTypeOf<WithResponse<Customer>>();
    expectTypeOf<ClubData['bookings']['list']>().parameter(0).exclude<undefined>().toHaveProperty('include');
    expectTypeOf<ClubData['bookings']['list']>().returns.toHaveProperty('firstPage').returns.resolves.toEqualTypeOf<Page<Booking>>();
    expectTypeOf<ClubData['webhooks']['verify']>().returns.toEqualTypeOf<Signal>();
    expectTypeOf<Extract<Signal, { type: 'customer.updated' }>['data']['object']>().toEqualTypeOf<Customer>();
    expectTypeOf<ClubData['signals']['list']>().parameter(0).exclude<undefined>().toHaveProperty('after_sequence').toEqualTypeOf<number | undefined>();
    // @ts-expect-error: a signal type that does not exist is refused
    expectTypeOf<ClubData['signals']['follow']>().toBeCallableWith({ types: ['customer.exploded'] });
    expectTypeOf<ClubData['webhookEndpoints']['create']>().toBeCallableWith({ url: 'https://example.com', signal_types: ['*'], scopes: ['events:read'] });
    // @ts-expect-error: nor is a scope that does not exist
    expectTypeOf<ClubData['webhookEndpoints']['create']>().toBeCallableWith({ url: 'https://example.com', signal_types: ['*'], scopes: ['everything'] });
  });

  it('builds to JavaScript and declarations that `npm pack` publishes and plain Node imports', async () => {
    // Inside sdk/, so that the built files find standardwebhooks as an installed package would.
    const out = await mkdtemp(join(ROOT, 'sdk', '.test-build-'));
    try {
      await run(process.execPath, [join(ROOT, 'sdk', 'scripts', 'sdk.ts'), 'build', '--out', join(out, 'dist')], { cwd: ROOT });
      const imported = await run(
        process.execPath,
        [
          '--no-experimental-strip-types',
          '--input-type=module',
          '-e',
          `const sdk = await import(${JSON.stringify(join(out, 'dist', 'index.js'))});
           const client = new sdk.ClubData({ apiKey: 'cd_live_x' });
           console.log(JSON.stringify({ exports: Object.keys(sdk).sort(), methods: typeof client.customers.list, base: client.baseUrl }));`,
        ],
        { cwd: join(ROOT, 'sdk') },
      );
      const seen = JSON.parse(imported.stdout) as { exports: string[]; methods: string; base: string };
      expect(seen.exports).toEqual(expect.arrayContaining(['ClubData', 'CursorExpiredError', 'List', 'NotFoundError', 'WebhookVerificationError']));
      expect(seen.methods).toBe('function');
      const declarations = await readFile(join(out, 'dist', 'index.d.ts'), 'utf8');
      expect(declarations).toContain("from './client.js'");

      for (const file of ['package.json', 'README.md']) await copyFile(join(ROOT, 'sdk', file), join(out, file));
      await writeFile(join(out, 'notes.txt'), 'not for publishing');
      const pack = await run('npm', ['pack', '--dry-run', '--json'], { cwd: out });
      const [packed] = JSON.parse(pack.stdout) as [{ name: string; files: { path: string }[] }];
      expect(packed.name).toBe('@clubdata/sdk');
      const files = packed.files.map((f) => f.path);
      expect(files).toContain('README.md');
      expect(files).toContain('package.json');
      expect(files).toContain('dist/sqlite.js');
      expect(files).toContain('dist/sqlite.d.ts');
      expect(files.every((f) => f === 'README.md' || f === 'package.json' || f.startsWith('dist/'))).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
