// PostgreSQL array literals for the delivery pipeline's batched statements (src/db/deliveries.ts),
// written here rather than by the pg client. Given a JavaScript array, the client escapes every
// element with two regular expressions and formats every Date in local time by hand: for a
// batch of attempt records (sixteen arrays of up to fifty) that was the largest part of the
// worker's own CPU in its PostgreSQL client flat out (docs/benchmarks.md, "Delivery pipeline").
// The text is what the client would send, and the statement casts it (`$1::text[]`).

export type ArrayElement = string | number | boolean | Date | null;

const NEEDS_ESCAPE = /[\\"]/;

/**
 * The literal of a one-dimensional array: strings always double-quoted (so an empty string, a
 * comma, a brace or the word NULL stay text), with backslashes and double quotes escaped;
 * numbers as JavaScript writes them; booleans as t and f; a Date as its ISO instant (UTC); null
 * as NULL. A string holding NUL cannot be stored in text at all, here as through the client.
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const value = values[i]!;
    if (value === null) out += 'NULL';
    else if (typeof value === 'string') out += NEEDS_ESCAPE.test(value) ? `"${value.replace(/[\\"]/g, '\\$&')}"` : `"${value}"`;
    else if (typeof value === 'number') out += String(value);
    else if (typeof value === 'boolean') out += value ? 't' : 'f';
    else out += value.toISOString();
  }
  return `${out}}`;
}
