// Readings of query parameters that several routes share and a schema cannot do for them.
import { DEFAULT_PAGE_SIZE } from '../schemas/common.ts';

/**
 * The page size a list request asks for. Ajv does not fill in schema defaults (useDefaults is
 * off in app.ts), so the default the schema documents is applied here.
 */
export function pageSize(query: { limit?: number | undefined }): number {
  return query.limit ?? DEFAULT_PAGE_SIZE;
}

/** Splits an `include` value into its opt-ins. */
export function includes(value: string | undefined): Set<string> {
  return new Set((value ?? '').split(',').map((v) => v.trim()).filter(Boolean));
}
