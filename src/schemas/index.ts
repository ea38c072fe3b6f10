// Every named resource schema, registered once so routes and the OpenAPI document can $ref them.
import type { TSchema } from 'typebox';
import { schemas as bookings } from './bookings.ts';
import { schemas as club } from './club.ts';
import { schemas as coaches } from './coaches.ts';
import { CustomerSchema, SubscriptionSchema } from './customers.ts';
import { schemas as events } from './events.ts';
import { schemas as orders } from './orders.ts';
import { schemas as portalSessions } from './portal-sessions.ts';
import { schemas as schedule } from './schedule.ts';
import { schemas as signals } from './signals.ts';
import { schemas as spaces } from './spaces.ts';
import { schemas as transactions } from './transactions.ts';
import { schemas as waivers } from './waivers.ts';
import { schemas as webhookEndpoints } from './webhook-endpoints.ts';

export const resourceSchemas: TSchema[] = [
  SubscriptionSchema,
  CustomerSchema,
  ...club,
  ...spaces,
  ...coaches,
  ...schedule,
  ...bookings,
  ...events,
  ...orders,
  ...transactions,
  ...waivers,
  ...signals,
  ...webhookEndpoints,
  ...portalSessions,
];
