import { Type, type TSchema } from 'typebox';
import { Include, ListEnvelope } from './common.ts';

export const CoachSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('coach'),
    name: Type.String({ description: "The coach's first name" }),
    last_name: Type.String(),
    title: Type.String(),
    bio: Type.String(),
    avatar_url: Type.String({ description: 'URL of the portrait; empty when the coach has none' }),
    slug: Type.String(),
    lesson_booking_enabled: Type.Boolean(),
    status: Type.String({ description: 'active, or archived for coaches no longer listed', examples: ['active'] }),
  },
  { $id: 'Coach', additionalProperties: false },
);

export const CoachListQuery = Type.Object(
  {
    include: Type.Optional(Include(['archived'], 'Comma-separated opt-ins: `archived` adds archived coaches. Unknown values are ignored.')),
  },
  { additionalProperties: false },
);

export const CoachList = ListEnvelope(
  Type.Ref('Coach'),
  'Coaches in display order; active ones only unless include=archived',
);

export const schemas: TSchema[] = [CoachSchema];
