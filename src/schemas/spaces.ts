import { Type, type TSchema } from 'typebox';
import { ListEnvelope } from './common.ts';

export const SpaceSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('space'),
    name: Type.String(),
    short_name: Type.String(),
    category: Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false }),
    visibility: Type.String({
      description: 'Who may see the space when booking: public, members_only or hidden',
      examples: ['public'],
    }),
  },
  { $id: 'Space', additionalProperties: false, description: 'A bookable court or room' },
);

export const SpaceList = ListEnvelope(Type.Ref('Space'), "Every space of the club in the club's display order");

export const schemas: TSchema[] = [SpaceSchema];
