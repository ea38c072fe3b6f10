import { Type, type TSchema } from 'typebox';
import { BusinessDate, ListEnvelope, LocalTimestamp, Nullable } from './common.ts';

/** A space as a time slot names it. */
export const SpaceRefSchema = Type.Object(
  { id: Type.String(), name: Type.String() },
  { $id: 'SpaceRef', additionalProperties: false },
);

export const TimeSlotSchema = Type.Object(
  { start: LocalTimestamp, end: LocalTimestamp, spaces: Type.Array(Type.Ref('SpaceRef')) },
  { $id: 'TimeSlot', additionalProperties: false, description: 'A stretch of time on one or more spaces' },
);

export const TagSchema = Type.Object({ id: Type.String(), name: Type.String() }, { $id: 'Tag', additionalProperties: false });

export const HostSchema = Type.Object(
  { customer_id: Type.String(), first_name: Type.String(), last_name: Type.String() },
  { $id: 'Host', additionalProperties: false, description: "An event's host, or a reservation's customer" },
);

export const ScheduleItemSchema = Type.Object(
  {
    id: Type.String({ description: '<event_id>_<business_date> or <booking_id>_<business_date>' }),
    object: Type.Literal('schedule_item'),
    type: Type.Enum(['event', 'reservation']),
    event_id: Nullable(Type.String({ description: 'Shared by every item of one event; null for a reservation' })),
    event_type: Nullable(Type.String({ examples: ['league'], description: 'Null for a reservation' })),
    title: Nullable(Type.String({ description: "A reservation's title may be null" })),
    open: Type.Boolean(),
    privacy: Type.String({ examples: ['public'] }),
    business_date: BusinessDate,
    start: LocalTimestamp,
    end: LocalTimestamp,
    time_slots: Type.Array(Type.Ref('TimeSlot')),
    participant_count: Type.Integer(),
    max_participants: Type.Integer(),
    spots_available: Type.Integer(),
    tags: Type.Array(Type.Ref('Tag')),
    host: Type.Ref('Host'),
  },
  {
    $id: 'ScheduleItem',
    additionalProperties: false,
    description: 'One event session, or one court booking (type reservation). Never the roster.',
  },
);

export const ScheduleQuery = Type.Object(
  {
    date: Type.Optional(
      Type.String({
        format: 'date',
        description: "A club-local day, YYYY-MM-DD; default today in the club's timezone. Not with a window.",
      }),
    ),
    starts_after: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'ISO 8601 with an offset or Z; inclusive lower bound on start; needs starts_before',
      }),
    ),
    starts_before: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'ISO 8601 with an offset or Z; inclusive upper bound on start; at most 31 days after starts_after',
      }),
    ),
    type: Type.Optional(Type.Enum(['event', 'reservation'], { description: 'Only items of this type' })),
    space_id: Type.Optional(Type.String({ minLength: 1, description: 'Only items that use this space' })),
  },
  { additionalProperties: false },
);

export const ScheduleList = ListEnvelope(
  Type.Ref('ScheduleItem'),
  'Every item whose start falls in the day or window, ordered by start then id; never paginated',
);

export const schemas: TSchema[] = [SpaceRefSchema, TimeSlotSchema, TagSchema, HostSchema, ScheduleItemSchema];
