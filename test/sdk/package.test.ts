// The SDK's types: the ones the service's OpenAPI document makes today (a change to the API that
// is not regenerated into sdk/src/openapi.ts fails here), and a few method signatures checked by
// the compiler. What `npm pack` makes of the package, installed elsewhere, is install.test.ts.
import { readFile } from 'node:fs/promises';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Booking, ClubData, Customer, Page, Params, Signal, WithResponse } from '@clubdata/sdk';
import { generateTypes, TYPES_FILE } from '../../sdk/scripts/types.ts';

describe('the SDK package', () => {
  it('has the types the current OpenAPI document makes (npm run sdk:types writes them)', async () => {
    const committed = await readFile(TYPES_FILE, 'utf8');
    const current = await generateTypes();
    expect(committed === current, 'sdk/src/openapi.ts is out of date: run `npm run sdk:types`').toBe(true);
  });

  it('types its methods from the document', () => {
    expectTypeOf<ClubData['customers']['retrieve']>().returns.resolves.toEqualTypeOf<WithResponse<Customer>>();
    expectTypeOf<Params<'listBookings'>['include']>().toEqualTypeOf<readonly 'canceled'[] | undefined>();
    expectTypeOf<Params<'listCustomers'>['include']>().toEqualTypeOf<readonly ('archived' | 'ended_subscriptions')[] | undefined>();
    expectTypeOf<Params<'retrieveCustomer'>['include']>().toEqualTypeOf<readonly 'ended_subscriptions'[] | undefined>();
    // @ts-expect-error: an opt-in of another list is refused (the API would ignore it)
    expectTypeOf<ClubData['bookings']['list']>().toBeCallableWith({ include: ['archived'] });
    expectTypeOf<ClubData['bookings']['list']>().returns.toHaveProperty('firstPage').returns.resolves.toEqualTypeOf<Page<Booking>>();
    expectTypeOf<ClubData['webhooks']['verify']>().returns.toEqualTypeOf<Signal>();
    expectTypeOf<Extract<Signal, { type: 'customer.updated' }>['data']['object']>().toEqualTypeOf<Customer>();
    expectTypeOf<ClubData['signals']['list']>().parameter(0).exclude<undefined>().toHaveProperty('after_sequence').toEqualTypeOf<number | undefined>();
    // @ts-expect-error: a signal type that does not exist is refused
    expectTypeOf<ClubData['signals']['follow']>().toBeCallableWith({ types: ['customer.exploded'] });
    expectTypeOf<ClubData['webhookEndpoints']['create']>().toBeCallableWith({ url: 'https://example.com', signal_types: ['*'], scopes: ['events:read'] });
    // @ts-expect-error: nor is a scope that does not exist
    expectTypeOf<ClubData['webhookEndpoints']['create']>().toBeCallableWith({ url: 'https://example.com', signal_types: ['*'], scopes: ['everything'] });
  });
});
