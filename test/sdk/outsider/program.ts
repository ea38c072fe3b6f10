// An integrator's program in strict TypeScript, written as docs/sdk.md tells one to: it lists
// customers, watches every response through a hook, and registers a webhook endpoint whose secret
// it prints for the receiver (receiver.cjs). test/sdk/install.test.ts copies it into an empty
// project where @clubdata/sdk is installed from the packed tarball, checks it with
// `tsc --strict` and runs it against the real service.
import { ClubData, NotFoundError, type Customer, type ResponseEvent } from '@clubdata/sdk';
import { SqliteStore } from '@clubdata/sdk/sqlite';

const club = new ClubData({ apiKey: process.env.CLUBDATA_KEY!, baseUrl: process.env.CLUBDATA_URL });
const responses: ResponseEvent[] = [];
club.on('response', (event) => responses.push(event));

// A page of 2 at a time, 3 records at most: two requests.
const customers: Customer[] = await club.customers.list({ limit: 2, include: ['archived'] }).toArray({ limit: 3 });
const bookings = await club.bookings.list({ include: ['canceled'] }).firstPage();
const missing = await club.customers.retrieve('cus_missing').catch((error: unknown) => error);
const endpoint = await club.webhookEndpoints.create({ url: process.env.RECEIVER_URL!, signal_types: ['customer.created'] });

console.log(
  JSON.stringify({
    customers: customers.map((customer) => customer.id),
    bookings: bookings.data.length,
    notFound: missing instanceof NotFoundError ? missing.code : String(missing),
    responses: responses.map((event) => `${event.operationId} ${event.status}`),
    secret: endpoint.secret,
    sqliteStore: typeof SqliteStore,
  }),
);
