// The rules every route's input meets before its handler runs (docs/api.md "Requests"). They
// live here, once, rather than in each route, so a new route follows them without doing anything:
// - a body is a JSON object sent as application/json in UTF-8 (415 for any other type with
//   content), at most MAX_BODY_DEPTH levels deep; an empty body is no body, whatever its type
//   and however it is sent (chunked included), and a POST without one counts as {};
// - a query value's percent-encoding must decode to UTF-8, and a parameter the route takes may
//   be given once;
// - an integer query parameter is decimal digits (Ajv does not coerce types: app.ts);
// - text PostgreSQL cannot hold (a NUL, or a lone UTF-16 surrogate, which has no UTF-8 form) and
//   text longer than MAX_TEXT_LENGTH are refused with 400 naming the parameter; in a path, such an
//   id gets the 404 of an unknown id, since no record can have it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

/** Our bodies are two levels deep; the bound keeps recursive code (logs, JSON.stringify) safe. */
const MAX_BODY_DEPTH = 20;
/** Above every schema's own maxLength (endpoint URLs, 2048), so those answer first. */
const MAX_TEXT_LENGTH = 4096;

const JSON_CONTENT_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*(?:utf-8|"utf-8")\s*)?$/i;
const DIGITS = /^[0-9]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function unsupportedMediaType(): ApiError {
  return new ApiError(
    415,
    'invalid_request_error',
    'unsupported_media_type',
    'Send request bodies as JSON with Content-Type: application/json (charset utf-8, if one is named).',
  );
}

const bodyInvalid = (message: string) => new ApiError(400, 'invalid_request_error', 'body_invalid', message, 'body');

/** False for text PostgreSQL refuses (NUL) or that has no UTF-8 form (a lone surrogate). */
function isStorableText(value: string): boolean {
  return !value.includes('\0') && value.isWellFormed();
}

function checkText(param: string, value: string): void {
  if (!isStorableText(value)) {
    throw ApiError.invalidParam(param, `Invalid ${param}: contains a NUL character or an unpaired UTF-16 surrogate.`);
  }
  if (value.length > MAX_TEXT_LENGTH) {
    throw ApiError.invalidParam(param, `Invalid ${param}: longer than ${MAX_TEXT_LENGTH} characters.`);
  }
}

/** Every string in a JSON value, keys included, without recursion. */
function* stringsIn(value: unknown): Generator<string> {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') yield item;
    else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        yield key;
        stack.push(child);
      }
    }
  }
}

function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The query parameter whose percent-encoding is malformed or not UTF-8, if one is. */
function badlyEncodedParam(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const [key = ''] = pair.split('=', 1);
    try {
      decodeURIComponent(pair.replaceAll('+', ' '));
    } catch {
      try {
        return decodeURIComponent(key);
      } catch {
        return key;
      }
    }
  }
  return undefined;
}

type ObjectSchema = { properties?: Record<string, { type?: unknown }> };

const integerParamsBySchema = new WeakMap<object, string[]>();

/** The names of the integer properties of a route's querystring schema. */
function integerParams(schema: ObjectSchema): string[] {
  let names = integerParamsBySchema.get(schema);
  if (!names) {
    names = Object.entries(schema.properties ?? {})
      .filter(([, property]) => property.type === 'integer')
      .map(([name]) => name);
    integerParamsBySchema.set(schema, names);
  }
  return names;
}

/**
 * The 404 an unknown id gets on a route: it names the record of the path's last parameter, the
 * singular of the collection before it (/v1/events/:id/participants/:participant_id: participant).
 */
function missingRecord(routeUrl: string, params: Record<string, string>): ApiError {
  const segments = routeUrl.split('/');
  const last = segments.findLastIndex((s) => s.startsWith(':'));
  const collection = segments[last - 1] ?? 'record';
  const record = collection.replace(/(?<=(?:ch|sh|ss|x))es$|s$/, '');
  return ApiError.notFound(record, params[segments[last]!.slice(1)] ?? '');
}

function checkPathIds(request: FastifyRequest): void {
  // Routes without a params schema (static files of /docs and the queue board) look nothing up.
  if (!request.routeOptions.schema?.params) return;
  const params = request.params as Record<string, string>;
  if (Object.values(params).some((value) => !isStorableText(value))) {
    throw missingRecord(request.routeOptions.url!, params);
  }
}

function checkQuery(request: FastifyRequest): void {
  const badlyEncoded = badlyEncodedParam(request.url);
  if (badlyEncoded !== undefined) {
    throw ApiError.invalidParam(badlyEncoded, `Invalid ${badlyEncoded}: its percent-encoding is not valid UTF-8.`);
  }
  const query = request.query as Record<string, string | string[]>;
  const schema = request.routeOptions.schema?.querystring as ObjectSchema | undefined;
  for (const name of Object.keys(schema?.properties ?? {})) {
    const value = query[name];
    if (Array.isArray(value)) {
      throw ApiError.invalidParam(name, `Invalid ${name}: given ${value.length} times; give it once.`);
    }
  }
  // Digits only: no sign, point, exponent, hexadecimal or spaces. Anything else stays a string
  // for the schema to refuse; a number too large for its maximum is refused there too.
  for (const name of schema ? integerParams(schema) : []) {
    const value = query[name];
    if (typeof value === 'string' && DIGITS.test(value)) (query as Record<string, unknown>)[name] = Number(value);
  }
}

export default fp(
  async function inputGuard(app: FastifyInstance) {
    // Fastify's defaults also take text/plain (a string, which the body schema then calls "not an
    // object") and JSON in any charset: only JSON in UTF-8 is taken.
    app.removeAllContentTypeParsers();
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      if (request.is404) return done(null, undefined);
      if (!JSON_CONTENT_TYPE.test(request.headers['content-type'] ?? '')) return done(unsupportedMediaType());
      let text: string;
      try {
        text = utf8.decode(body as Buffer);
      } catch {
        return done(bodyInvalid('The request body is not valid UTF-8.'));
      }
      if (text.trim() === '') return done(null, undefined);
      void parseJson(request, text, (error, value) => {
        // Invalid JSON, or a __proto__ / constructor.prototype key (refused against prototype pollution).
        if (error) return done(bodyInvalid('The request body is not valid JSON, or holds a __proto__ or constructor.prototype key.'));
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return done(bodyInvalid('The request body must be a JSON object.'));
        }
        if (depthOf(value) > MAX_BODY_DEPTH) {
          return done(bodyInvalid(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`));
        }
        done(null, value);
      });
    });
    // Every other type, and a body without a type. An empty body needs no type (curl -d '' sends
    // a form type), so only a body with content is refused: at once when Content-Length says it
    // has some, else (a chunked body) at its first byte; one that ends without any is no body.
    app.addContentTypeParser('*', (request, payload, done) => {
      const length = request.headers['content-length'];
      if (request.is404 || (length !== undefined && Number(length) === 0)) return done(null, undefined);
      if (length !== undefined) return done(unsupportedMediaType());
      const finish = (error: Error | null) => {
        payload.off('data', onData).off('end', onEnd).off('error', finish);
        done(error, undefined);
      };
      const onData = (chunk: Buffer) => {
        if (chunk.length > 0) finish(unsupportedMediaType());
      };
      const onEnd = () => finish(null);
      payload.on('data', onData).on('end', onEnd).on('error', finish);
    });

    app.addHook('preValidation', async (request) => {
      if (request.is404) return;
      checkQuery(request);
      // POSTs without data are common (rotate_secret takes none): no body meets the body schema as {}.
      if (request.method === 'POST' && request.body === undefined) request.body = {};
    });

    // After schema validation, so a parameter the route does not take, or a value of the wrong
    // form, is answered as such first.
    app.addHook('preHandler', async (request) => {
      if (request.is404) return;
      checkPathIds(request);
      for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
        if (typeof value === 'string') checkText(name, value);
      }
      const body = request.body;
      if (typeof body !== 'object' || body === null) return;
      for (const [name, value] of Object.entries(body)) {
        checkText(name, name);
        for (const text of stringsIn(value)) checkText(name, text);
      }
    });
  },
  { name: 'input-guard' },
);
