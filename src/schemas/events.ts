import { Type, type TSchema } from 'typebox';
import { BusinessDate, Include, ListEnvelope, LocalTimestamp, Nullable, PageQuery, UtcTimestamp } from './common.ts';

/** One club operating day of an event; the schedule shows one item per session. */
export const EventSessionSchema = Type.Object(
  {
    business_date: BusinessDate,
    start: LocalTimestamp,
    end: LocalTimestamp,
    time_slots: Type.Array(Type.Ref('TimeSlot')),
  },
  { $id: 'EventSession', additionalProperties: false },
);

export const EventSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('event'),
    event_type: Type.String({ examples: ['league'] }),
    title: Type.String(),
    open: Type.Boolean(),
    privacy: Type.String({ examples: ['public'] }),
    start: Nullable(LocalTimestamp),
    end: Nullable(LocalTimestamp),
    sessions: Type.Array(Type.Ref('EventSession'), { description: 'In date order' }),
    participant_count: Type.Integer({ description: 'Participants on the roster (removed ones do not count)' }),
    max_participants: Type.Integer(),
    spots_available: Type.Integer({ description: 'max_participants - participant_count, never below 0' }),
    tags: Type.Array(Type.Ref('Tag')),
    host: Type.Ref('Host'),
    created_at: UtcTimestamp,
    updated_at: UtcTimestamp,
    canceled_at: Nullable(UtcTimestamp),
  },
  {
    $id: 'Event',
    additionalProperties: false,
    description:
      "A club program (league, clinic, open play, ...). start and end span its sessions (first start, last end) and are null while it has none.",
  },
);

export const ParticipantSchema = Type.Object(
  {
    id: Type.String({ description: 'Roster-entry id' }),
    object: Type.Literal('participant'),
    event_id: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    customer_id: Type.String(),
    check_in_status: Type.String({
      examples: ['checked_in'],
      description: 'not_checked_in, checked_in or no_show',
    }),
    removed_at: Nullable(UtcTimestamp),
    updated_at: UtcTimestamp,
  },
  { $id: 'Participant', additionalProperties: false, description: 'A roster entry of an event' },
);

export const ParticipantParams = Type.Object(
  { id: Type.String(), participant_id: Type.String() },
  { additionalProperties: false },
);

export const ParticipantListQuery = Type.Object(
  {
    ...PageQuery,
    include: Type.Optional(Include(['removed'], 'Comma-separated opt-ins: removed adds removed participants; unknown values are ignored')),
  },
  { additionalProperties: false },
);

export const EventListQuery = Type.Object(
  {
    ...PageQuery,
    include: Type.Optional(Include(['canceled'], 'Comma-separated opt-ins: canceled adds cancelled events; unknown values are ignored')),
  },
  { additionalProperties: false },
);

export const EventList = ListEnvelope(Type.Ref('Event'), 'Events, oldest first');

export const ParticipantList = ListEnvelope(Type.Ref('Participant'), 'The roster, oldest join first');

export const schemas: TSchema[] = [EventSessionSchema, EventSchema, ParticipantSchema];
