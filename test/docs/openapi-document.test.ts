// The served OpenAPI document as a client generator sees it: valid OpenAPI 3.1 by a real
// validator, complete on every operation (headers, errors), and turned by openapi-typescript into
// TypeScript that compiles under strict mode, with each signal type its own typed variant.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SIGNAL_TYPES } from '../../src/domain/signal-types.ts';
import { setupApp } from '../helper.ts';

const t = await setupApp();
type Operation = { responses: Record<string, { headers?: Record<string, unknown> }>; security?: unknown[] };
const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { oneOf?: unknown[]; discriminator?: { propertyName: string } }> };
  webhooks: Record<string, unknown>;
}>();

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
    // The validator does refuse a broken document: a response without its description.
    const broken = structuredClone(document) as { paths: Record<string, Record<string, { responses: Record<string, object> }>> };
    broken.paths['/v1/customers']!.get!.responses['200'] = { content: {} };
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('lists on every operation the headers every response carries and the errors any request may get', () => {
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        for (const status of ['405', '500', '503']) expect(operation.responses[status], `${method} ${path} ${status}`).toBeDefined();
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const name of ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
            expect(response.headers?.[name], `${method} ${path} ${status} ${name}`).toBeDefined();
          }
        }
      }
    }
    expect(operations).toBeGreaterThan(25);
  });

  it('enumerates the signal types and scopes a webhook endpoint body takes', () => {
    for (const method of ['post'] as const) {
      for (const path of ['/v1/webhook_endpoints', '/v1/webhook_endpoints/{id}']) {
        const body = (document.paths[path]![method] as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, { items: { enum: string[] } }> } }> } })
          .requestBody.content['application/json']!.schema.properties;
        expect(body.signal_types!.items.enum, path).toEqual(['*', ...SIGNAL_TYPES]);
        expect(body.scopes!.items.enum, path).toEqual([
          'customers:read',
          'bookings:read',
          'events:read',
          'orders:read',
          'transactions:read',
          'waivers:read',
          'coaches:read',
          'spaces:read',
          'club:read',
          'webhook_endpoints:write',
        ]);
      }
    }
  });

  it('types Signal as one schema per type, told apart by type, and describes each delivery', () => {
    const signal = document.components.schemas.Signal!;
    expect(signal.oneOf).toHaveLength(SIGNAL_TYPES.length);
    expect(signal.discriminator?.propertyName).toBe('type');
    expect(Object.keys(document.webhooks)).toEqual([...SIGNAL_TYPES]);
  });

  it('generates TypeScript that compiles under strict mode, with a typed payload per signal type', async () => {
    const source = astToString(await openapiTS(structuredClone(document) as never));
    expect(source).toContain('CustomerCreatedSignal');
    const dir = await mkdtemp(join(tmpdir(), 'clubdata-openapi-'));
    try {
      const types = join(dir, 'api.d.ts');
      await writeFile(types, source);
      // A receiver written against the generated types: the type narrows data.object.
      const usage = join(dir, 'usage.ts');
      await writeFile(
        usage,
        [
          "import type { components } from './api.d.ts';",
          "type Signal = components['schemas']['Signal'];",
          'export function email(signal: Signal): string | undefined {',
          "  if (signal.type === 'customer.created') return signal.data.object.email;",
          "  if (signal.type === 'booking.created') return signal.data.object.customer_id;",
          '  return undefined;',
          '}',
        ].join('\n'),
      );
      const program = ts.createProgram([usage], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        allowImportingTsExtensions: true,
        skipLibCheck: false,
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
