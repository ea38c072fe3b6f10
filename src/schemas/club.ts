import { Type, type TSchema } from 'typebox';

export const ClubSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('club'),
    name: Type.String(),
    timezone: Type.String({
      description: 'IANA timezone name; it interprets the schedule times of every other endpoint',
      examples: ['America/New_York'],
    }),
  },
  { $id: 'Club', additionalProperties: false },
);

export const schemas: TSchema[] = [ClubSchema];
