// Schemas shared by every resource: the list envelope, pagination, the error envelope and the
// field formats of docs/api.md "Conventions". The OpenAPI document is generated from these.
import { Type, type TSchema } from 'typebox';

export const UtcTimestamp = Type.String({
  description: 'UTC timestamp, millisecond precision, trailing Z',
  examples: ['2026-11-21T18:04:05.120Z'],
});
export const LocalTimestamp = Type.String({
  description: "Club-local time with the club's UTC offset at that instant",
  examples: ['2026-03-08T09:00:00-04:00'],
});
export const BusinessDate = Type.String({ description: 'Club-local day, YYYY-MM-DD', examples: ['2026-11-21'] });
/** `schema` or null; a description goes on the union, where generated clients show it. */
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) => Type.Union([schema, Type.Null()], options);

/** The page size of a list when the request gives no limit (routes/query.ts pageSize). */
export const DEFAULT_PAGE_SIZE = 25;
export const Limit = Type.Integer({ minimum: 1, maximum: 100, default: DEFAULT_PAGE_SIZE, description: 'Page size, 1 to 100' });
export const StartingAfter = Type.String({ description: 'Id of the last record of the previous page' });
/**
 * A list's `include`: comma-separated opt-ins, unknown ones ignored. The document names the
 * opt-ins the route reads in `x-opt-ins`, from which the SDK types `include` (sdk/scripts/types.ts).
 */
export const Include = (optIns: readonly [string, ...string[]], description = 'Comma-separated opt-ins; unknown values are ignored') =>
  Type.String({ description, 'x-opt-ins': optIns });
export const TimestampBound = Type.String({
  format: 'date-time',
  description: 'ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive',
});

// The inclusive `created_after` / `created_before` window of the order, waiver, transaction and
// signal lists; each list binds it to the record's own timestamp.
export const CreatedWindowQuery = {
  created_after: Type.Optional(TimestampBound),
  created_before: Type.Optional(TimestampBound),
};

export const PageQuery = { limit: Type.Optional(Limit), starting_after: Type.Optional(StartingAfter) };

export const IdParams = Type.Object({ id: Type.String() }, { additionalProperties: false });

/** The query of every endpoint that takes no query parameters: any parameter is refused as unknown. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

export const ListEnvelope = (item: TSchema, description: string) =>
  Type.Object(
    {
      object: Type.Literal('list'),
      data: Type.Array(item),
      has_more: Type.Boolean({ description: 'True when another page exists' }),
      url: Type.String({ description: 'Path of the list' }),
    },
    { description },
  );

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      type: Type.String(),
      code: Type.String(),
      message: Type.String(),
      param: Type.Optional(Type.String()),
      request_id: Type.String(),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Every error response' },
);

/** Error responses every authenticated endpoint may give. */
export const errorResponses = {
  400: Type.Ref('ErrorEnvelope'),
  401: Type.Ref('ErrorEnvelope'),
  403: Type.Ref('ErrorEnvelope'),
  404: Type.Ref('ErrorEnvelope'),
  429: Type.Ref('ErrorEnvelope'),
};
