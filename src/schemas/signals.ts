import { Type, type TSchema } from 'typebox';
import { SIGNAL_TYPES } from '../domain/signal-types.ts';
import { CreatedWindowQuery, ListEnvelope, PageQuery, UtcTimestamp } from './common.ts';

export const SignalSchema = Type.Object(
  {
    id: Type.String({ description: 'Begins with sig_' }),
    object: Type.Literal('signal'),
    type: Type.String({ enum: [...SIGNAL_TYPES] }),
    created: UtcTimestamp,
    sequence: Type.Integer({ description: 'Increases in commit order within the club; gaps are normal' }),
    api_version: Type.Literal('v1'),
    data: Type.Object(
      { object: Type.Object({ id: Type.String(), object: Type.String() }) },
      { description: 'object: the representation the matching /v1 endpoint returned at emit time' },
    ),
    previous_attributes: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'On *.updated signals: previous values of the top-level attributes that changed',
      }),
    ),
  },
  { $id: 'Signal', additionalProperties: false },
);

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

export const schemas: TSchema[] = [SignalSchema];
