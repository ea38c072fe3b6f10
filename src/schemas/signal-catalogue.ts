// The signal catalogue (GET /v1/signal_types): each type with the scope it needs, what it says
// happened, and the JSON Schema of its data.object, made self-contained from the same schemas
// the OpenAPI document and the routes use (one source).
import type { TSchema } from 'typebox';
import { scopeOfSignalType, SIGNAL_TYPES, type SignalType } from '../domain/signal-types.ts';
import { resourceSchemas } from './index.ts';
import { resourceSchemaOf, SIGNAL_TYPE_DESCRIPTIONS } from './signals.ts';

export interface SignalTypeEntry {
  object: 'signal_type';
  type: SignalType;
  scope: string;
  description: string;
  schema: Record<string, unknown>;
}

const byId = new Map(resourceSchemas.map((schema) => [(schema as { $id?: string }).$id, schema]));

/** A copy of `schema` with every named reference replaced by the schema it names (no cycles among ours). */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, $id: _id, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') {
    const target = byId.get($ref);
    if (!target) throw new Error(`the signal catalogue refers to an unknown schema ${$ref}`);
    return inline(target);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value)]));
}

export const SIGNAL_CATALOGUE: SignalTypeEntry[] = SIGNAL_TYPES.map((type) => ({
  object: 'signal_type',
  type,
  scope: scopeOfSignalType(type),
  description: SIGNAL_TYPE_DESCRIPTIONS[type],
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...(inline(resourceSchemaOf(type).schema as TSchema) as Record<string, unknown>),
  },
}));
