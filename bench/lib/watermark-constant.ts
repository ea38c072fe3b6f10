// src/db/watermark.ts as the API would be without a watermark: the same header, a constant value,
// no subquery. Loaded only by bench/lib/without-watermark.ts, in place of the real module.
export type { Read } from '../../src/db/watermark.ts';

export function signalSequenceOf(): string {
  return `'0'::text`;
}
