// Every named resource schema, registered once so routes and the OpenAPI document can $ref them.
import type { TSchema } from 'typebox';
import { CustomerSchema, SubscriptionSchema } from './customers.ts';

export const resourceSchemas: TSchema[] = [SubscriptionSchema, CustomerSchema];
