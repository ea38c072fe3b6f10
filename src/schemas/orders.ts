import type { TSchema } from 'typebox';

// PLACEHOLDER: named schemas (with $id) of this resource, registered by schemas/index.ts.
export const schemas: TSchema[] = [];
