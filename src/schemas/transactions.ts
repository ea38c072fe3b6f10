import { Type, type TSchema } from 'typebox';
import { CreatedWindowQuery, ListEnvelope, PageQuery } from './common.ts';

export const TransactionSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('transaction'),
    order_id: Type.String({ description: 'The order charged or refunded; itemised at GET /v1/orders/{id}' }),
    amount: Type.Integer({ description: 'Minor units; negative for a refund' }),
    currency: Type.String({ description: 'ISO 4217 code, lower case', examples: ['usd'] }),
    charge_type: Type.String({
      description: 'How the money moved: card, cash, bank_transfer or account_credit',
      examples: ['card'],
    }),
    created_at: Type.String({
      description: "UTC timestamp, millisecond precision, trailing Z; for a refund, the refund's own time",
      examples: ['2026-11-21T18:04:05.120Z'],
    }),
  },
  { $id: 'Transaction', additionalProperties: false, description: 'One settled charge or refund' },
);

export const TransactionListQuery = Type.Object({ ...PageQuery, ...CreatedWindowQuery }, { additionalProperties: false });

export const TransactionList = ListEnvelope(Type.Ref('Transaction'), 'The ledger, oldest first');

export const schemas: TSchema[] = [TransactionSchema];
