import { Type, type TObject, type TSchema } from 'typebox';
import { SIGNAL_SCOPES, SIGNAL_TYPES, type SignalType } from '../domain/signal-types.ts';
import { BookingSchema } from './bookings.ts';
import { ClubSchema } from './club.ts';
import { CoachSchema } from './coaches.ts';
import { CustomerSchema, SubscriptionSchema } from './customers.ts';
import { EventSchema, ParticipantSchema } from './events.ts';
import { OrderSchema } from './orders.ts';
import { SpaceSchema } from './spaces.ts';
import { TransactionSchema } from './transactions.ts';
import { SignedWaiverSchema } from './waivers.ts';
import { WebhookEndpointSchema } from './webhook-endpoints.ts';
import { CreatedWindowQuery, ListEnvelope, PageQuery, UtcTimestamp } from './common.ts';

/** The schema of each resource a signal can describe, by the first part of the signal type. */
const RESOURCE_SCHEMAS: Record<string, { id: string; schema: TObject }> = {
  customer: { id: 'Customer', schema: CustomerSchema },
  subscription: { id: 'Subscription', schema: SubscriptionSchema },
  booking: { id: 'Booking', schema: BookingSchema },
  event: { id: 'Event', schema: EventSchema },
  participant: { id: 'Participant', schema: ParticipantSchema },
  order: { id: 'Order', schema: OrderSchema },
  transaction: { id: 'Transaction', schema: TransactionSchema },
  waiver: { id: 'SignedWaiver', schema: SignedWaiverSchema },
  coach: { id: 'Coach', schema: CoachSchema },
  space: { id: 'Space', schema: SpaceSchema },
  club: { id: 'Club', schema: ClubSchema },
  webhook_endpoint: { id: 'WebhookEndpoint', schema: WebhookEndpointSchema },
};

/** What each signal type says happened (GET /v1/signal_types, the OpenAPI document). */
export const SIGNAL_TYPE_DESCRIPTIONS: Record<SignalType, string> = {
  'customer.created': 'A person became a customer of the club.',
  'customer.updated': "A customer's details changed (previous_attributes holds the earlier values).",
  'customer.archived': 'A customer was archived; the record stays readable with archived_at set.',
  'subscription.created': 'A customer took out a subscription (membership, package, ...).',
  'subscription.updated': 'A subscription changed in a way no more specific type names (previous_attributes holds the earlier values).',
  'subscription.renewed': 'A subscription began a new period (current_period_end moved on).',
  'subscription.past_due': 'A payment for a subscription failed; it is past due.',
  'subscription.canceled': 'A subscription was canceled (now, or at the end of its period).',
  'subscription.expired': 'A subscription ended at the end of its term.',
  'booking.created': 'A court was booked.',
  'booking.updated': 'A booking changed: times, courts, title, party (previous_attributes holds the earlier values).',
  'booking.canceled': 'A booking was canceled; it keeps its courts and times as they stood.',
  'event.created': 'An event (league, clinic, class, ...) was created.',
  'event.updated': 'An event changed: sessions, roster size, details (previous_attributes holds the earlier values).',
  'participant.joined': "Someone joined an event's roster.",
  'participant.left': "Someone left an event's roster (removed_at set).",
  'participant.checked_in': 'A participant was checked in at the event.',
  'order.created': 'An order was placed (its line items and amount as they stood when it committed).',
  'order.updated': 'An order changed: its status (paid, refunded, void, ...) or its line items (previous_attributes holds the earlier values).',
  'transaction.created': 'Money moved: a charge, or a refund (its own transaction, with a negative amount).',
  'waiver.signed': 'A customer signed a waiver.',
  'waiver.updated':
    'A signed waiver changed status because of a write: staff invalidated it, or the club raised the version it requires or shortened its validity. Expiry by time alone is not signalled.',
  'coach.created': 'A coach was added.',
  'coach.updated': "A coach's details changed (previous_attributes holds the earlier values).",
  'coach.archived': 'A coach was archived (or removed); the last representation is in data.object.',
  'space.created': 'A court or other bookable space was added.',
  'space.updated': "A space changed: its name, category or visibility (previous_attributes holds the earlier values).",
  'club.updated': "The club's name or timezone changed (previous_attributes holds the earlier values). A new timezone changes the local times every booking and event shows.",
  'webhook_endpoint.failing':
    "Another endpoint of the club is failing: its fourth delivery attempt in a row failed (health.failing_since, health.disable_at).",
  'webhook_endpoint.disabled': 'Another endpoint of the club was disabled: nothing is sent to it until it is enabled (disabled_reason says why).',
  'webhook_endpoint.enabled': 'Another endpoint of the club was enabled again after being disabled.',
  'webhook_endpoint.recovered':
    'Another endpoint of the club that was failing delivered again (outage: how long, what was given up, the window to recover).',
};

/** The resource schema of a signal type's data.object, and its name among the components. */
export function resourceSchemaOf(type: SignalType): { id: string; schema: TObject } {
  return RESOURCE_SCHEMAS[type.split('.')[0]!]!;
}

/** The component name of a signal type's schema: customer.created -> CustomerCreatedSignal. */
export function signalSchemaId(type: SignalType): string {
  const words = type.split(/[._]/).map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${words.join('')}Signal`;
}

/** One signal type: its data.object is the resource's representation; *.updated adds previous_attributes. */
function signalTypeSchema(type: SignalType): TSchema {
  const resource = resourceSchemaOf(type);
  const updated = type.endsWith('.updated');
  return Type.Object(
    {
      id: Type.String({ description: 'Begins with sig_' }),
      object: Type.Literal('signal'),
      type: Type.Literal(type),
      created: UtcTimestamp,
      sequence: Type.Integer({ description: 'Increases in commit order within the club; a key sees gaps where its scopes leave signals out' }),
      // On the union, not the integer: generated clients (the SDK's types) keep only the union's.
      previous_sequence: Type.Union([Type.Integer(), Type.Null()], {
        description:
          "The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for " +
          'its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when ' +
          'null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it ' +
          'does not receive). Still names the previous signal after retention has removed it.',
      }),
      api_version: Type.Literal('v1'),
      data: Type.Object(
        { object: Type.Ref(resource.id), ...(type === 'webhook_endpoint.recovered' ? { outage: Type.Ref('WebhookEndpointOutage') } : {}) },
        { additionalProperties: false, description: 'object: the representation the matching /v1 endpoint returned at emit time' },
      ),
      ...(updated
        ? {
            previous_attributes: Type.Partial(Type.Object(resource.schema.properties), {
              additionalProperties: false,
              description: 'The previous values of the top-level attributes that changed',
            }),
          }
        : {}),
    },
    { $id: signalSchemaId(type), additionalProperties: false, description: SIGNAL_TYPE_DESCRIPTIONS[type] },
  );
}

const signalTypeSchemas = SIGNAL_TYPES.map(signalTypeSchema);

/** Any signal: one of the types, told apart by `type` (the OpenAPI document adds the discriminator). */
export const SignalSchema = Type.Unsafe<unknown>({
  $id: 'Signal',
  oneOf: SIGNAL_TYPES.map((type) => ({ $ref: signalSchemaId(type) })),
  description: 'A change notification: one of the signal types, told apart by type',
});

export const SignalListQuery = Type.Object(
  {
    ...PageQuery,
    after_sequence: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description:
          'The signals after this sequence, e.g. the Signal-Sequence header of a read: what changed since. Ascending order ' +
          'only; not with starting_after. 410 cursor_expired when retention has removed signals after it.',
      }),
    ),
    order: Type.Optional(Type.String({ enum: ['asc', 'desc'], description: 'asc (default) or desc' })),
    type: Type.Optional(Type.String({ enum: [...SIGNAL_TYPES], description: 'One exact signal type' })),
    resource_id: Type.Optional(Type.String({ minLength: 1, description: 'The id inside data.object' })),
    ...CreatedWindowQuery,
  },
  { additionalProperties: false },
);

export const SignalList = ListEnvelope(Type.Ref('Signal'), 'Signals in sequence order');

export const SignalTypeEntrySchema = Type.Object(
  {
    object: Type.Literal('signal_type'),
    type: Type.String({ enum: [...SIGNAL_TYPES] }),
    scope: Type.String({ enum: [...SIGNAL_SCOPES], description: 'The scope a key or endpoint must hold to see signals of this type' }),
    description: Type.String(),
    schema: Type.Object({}, { additionalProperties: true, description: "JSON Schema (2020-12) of the signal's data.object, self-contained" }),
  },
  { $id: 'SignalType', additionalProperties: false },
);

export const SignalTypeList = ListEnvelope(Type.Ref('SignalType'), 'Every signal type, in the order of the catalogue');

export const schemas: TSchema[] = [...signalTypeSchemas, SignalSchema, SignalTypeEntrySchema];
