import { Type } from 'typebox';
import { Include, ListEnvelope, Nullable, PageQuery, UtcTimestamp } from './common.ts';

export const SubscriptionSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('subscription'),
    customer_id: Type.String(),
    type: Type.String({ examples: ['membership'] }),
    status: Type.String({ examples: ['active'] }),
    product: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
    plan: Type.Object({ id: Type.String(), name: Type.String() }),
    current_period_end: UtcTimestamp,
    trial_end: Nullable(UtcTimestamp),
    next_payment_at: Nullable(UtcTimestamp),
    cancel_at_period_end: Type.Boolean(),
    frozen_until: Nullable(UtcTimestamp),
    started_at: UtcTimestamp,
    canceled_at: Nullable(UtcTimestamp),
    updated_at: UtcTimestamp,
  },
  { $id: 'Subscription', additionalProperties: false },
);

export const CustomerSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('customer'),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    phone: Type.String(),
    first_became_customer_at: UtcTimestamp,
    updated_at: UtcTimestamp,
    archived_at: Nullable(UtcTimestamp),
    subscriptions: Type.Array(Type.Ref('Subscription')),
  },
  { $id: 'Customer', additionalProperties: false },
);

export const CustomerListQuery = Type.Object(
  {
    ...PageQuery,
    email: Type.Optional(
      Type.String({ minLength: 1, description: 'Exact, case-insensitive match; % and _ are literal' }),
    ),
    include: Type.Optional(Include(['archived', 'ended_subscriptions'])),
  },
  { additionalProperties: false },
);

export const CustomerQuery = Type.Object({ include: Type.Optional(Include(['ended_subscriptions'])) }, { additionalProperties: false });

export const CustomerList = ListEnvelope(Type.Ref('Customer'), 'Customers, oldest relationship first');
