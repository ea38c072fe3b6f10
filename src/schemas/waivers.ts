import { Type, type TSchema } from 'typebox';
import { CreatedWindowQuery, ListEnvelope, PageQuery, UtcTimestamp } from './common.ts';

export const SignedWaiverSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('signed_waiver'),
    customer_id: Type.String(),
    customer_email: Type.String(),
    waiver_version: Type.Integer({ minimum: 1 }),
    signed_at: UtcTimestamp,
    signed_for_minor: Type.Boolean(),
    status: Type.Union([Type.Literal('valid'), Type.Literal('invalidated'), Type.Literal('expired')], {
      description:
        "Computed when read: invalidated when staff invalidated the signature or the club now requires a newer waiver version; else expired when the club's validity period since signed_at has passed; else valid",
    }),
    created_at: UtcTimestamp,
  },
  { $id: 'SignedWaiver', additionalProperties: false },
);

export const WaiverListQuery = Type.Object({ ...PageQuery, ...CreatedWindowQuery }, { additionalProperties: false });

export const WaiverList = ListEnvelope(Type.Ref('SignedWaiver'), 'The waiver log, oldest signature first');

export const schemas: TSchema[] = [SignedWaiverSchema];
