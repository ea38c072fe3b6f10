import { Type, type TSchema } from 'typebox';
import { CreatedWindowQuery, ListEnvelope, PageQuery, UtcTimestamp } from './common.ts';

export const OrderLineItemSchema = Type.Object(
  {
    description: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    unit_amount: Type.Integer({ description: 'Minor units' }),
    amount: Type.Integer({ description: 'quantity × unit_amount, minor units' }),
  },
  { $id: 'OrderLineItem', additionalProperties: false },
);

export const OrderSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('order'),
    customer_id: Type.String(),
    status: Type.String({
      description: 'open, paid, partially_refunded, refunded or void',
      examples: ['paid'],
    }),
    amount: Type.Integer({ description: 'Minor units: the sum of the line items' }),
    currency: Type.String({ description: 'ISO 4217 code, lower case', examples: ['usd'] }),
    line_items: Type.Array(Type.Ref('OrderLineItem'), { description: 'The itemised purchase, in order' }),
    created_at: UtcTimestamp,
  },
  { $id: 'Order', additionalProperties: false },
);

export const OrderListQuery = Type.Object(
  {
    ...PageQuery,
    customer_id: Type.Optional(
      Type.String({ minLength: 1, description: "Only this customer's orders; an unknown id gives an empty list" }),
    ),
    ...CreatedWindowQuery,
  },
  { additionalProperties: false },
);

export const OrderList = ListEnvelope(Type.Ref('Order'), 'Orders, oldest first');

export const schemas: TSchema[] = [OrderLineItemSchema, OrderSchema];
