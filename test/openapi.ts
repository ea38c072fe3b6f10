// Validates real responses against the served OpenAPI document, so a response that drifts from
// the published contract fails its test.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: unknown;
};

const validators = new WeakMap<FastifyInstance, (path: string, method: string, status: number, body: unknown) => void>();

const documents = new WeakMap<FastifyInstance, Ajv2020>();

/** An Ajv holding the served document's components as `openapi.json`, as a client generator reads them. */
function documentAjv(app: FastifyInstance): Ajv2020 {
  let ajv = documents.get(app);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: 'openapi.json', components: (app.swagger() as unknown as Doc).components });
    documents.set(app, ajv);
  }
  return ajv;
}

/** A validator of one component schema of the served document (e.g. `Signal`). */
export function componentValidator(app: FastifyInstance, name: string) {
  return documentAjv(app).compile({ $ref: `openapi.json#/components/schemas/${name}` });
}

export function expectOpenApi(app: FastifyInstance, route: string, method: string, status: number, body: unknown): void {
  let validate = validators.get(app);
  if (!validate) {
    const doc = app.swagger() as unknown as Doc;
    const ajv = documentAjv(app);
    const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
    validate = (path, m, s, b) => {
      const operation = doc.paths[path]?.[m.toLowerCase()];
      expect(operation, `OpenAPI has ${m} ${path}`).toBeDefined();
      const schema = operation!.responses[String(s)]?.content?.['application/json']?.schema;
      expect(schema, `OpenAPI documents ${s} for ${m} ${path}`).toBeDefined();
      const key = `${m} ${path} ${s}`;
      let check = compiled.get(key);
      if (!check) {
        const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/');
        check = ajv.compile(JSON.parse(text));
        compiled.set(key, check);
      }
      const ok = check(b);
      expect(ok ? [] : check.errors, `response of ${m} ${path} matches OpenAPI`).toEqual([]);
    };
    validators.set(app, validate);
  }
  validate(route, method, status, body);
}
