import type { TSchema } from 'typebox';

// PLACEHOLDER: named schemas of webhook endpoints and attempts.
export const schemas: TSchema[] = [];
