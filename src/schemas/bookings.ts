import { Type, type TSchema } from 'typebox';
import { BusinessDate, Include, ListEnvelope, LocalTimestamp, Nullable, PageQuery, UtcTimestamp } from './common.ts';

/** One court of a booking, with the times it is held. */
export const BookingSpaceSchema = Type.Object(
  { id: Type.String(), name: Type.String(), start: LocalTimestamp, end: LocalTimestamp },
  { $id: 'BookingSpace', additionalProperties: false },
);

export const BookingSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('booking'),
    status: Type.Enum(['confirmed', 'canceled'], { description: 'canceled comes with canceled_at set' }),
    customer_id: Type.String(),
    title: Nullable(Type.String()),
    business_date: BusinessDate,
    start: LocalTimestamp,
    end: LocalTimestamp,
    spaces: Type.Array(Type.Ref('BookingSpace'), {
      description: 'A cancelled booking keeps its courts and times as they stood at cancellation',
    }),
    open: Type.Boolean(),
    privacy: Type.String({ examples: ['private'] }),
    party_size: Type.Integer(),
    participant_count: Type.Integer(),
    max_participants: Type.Integer(),
    spots_available: Type.Integer({ description: 'max_participants - participant_count, never below 0' }),
    created_at: UtcTimestamp,
    updated_at: UtcTimestamp,
    canceled_at: Nullable(UtcTimestamp),
  },
  { $id: 'Booking', additionalProperties: false, description: 'A court booked by a customer' },
);

export const BookingListQuery = Type.Object(
  {
    ...PageQuery,
    include: Type.Optional(Include(['canceled'], 'Comma-separated opt-ins: canceled adds cancelled bookings; unknown values are ignored')),
  },
  { additionalProperties: false },
);

export const BookingList = ListEnvelope(Type.Ref('Booking'), 'Bookings, oldest first');

export const schemas: TSchema[] = [BookingSpaceSchema, BookingSchema];
