// An integrator's webhook receiver in CommonJS, as most Node servers still are: it lists a page of
// customers with the client, then verifies each delivery with the endpoint's whsec_ secret alone.
// test/sdk/install.test.ts runs it from an empty project where @clubdata/sdk is installed from
// the packed tarball. It prints one JSON line per thing it did.
const { createServer } = require('node:http');
const { ClubData, verifyWebhook, WebhookVerificationError } = require('@clubdata/sdk');
const { SqliteStore } = require('@clubdata/sdk/sqlite');

const say = (fields) => console.log(JSON.stringify(fields));

async function main() {
  const club = new ClubData({ apiKey: process.env.CLUBDATA_KEY, baseUrl: process.env.CLUBDATA_URL });
  const page = await club.customers.list({ limit: 100 }).firstPage();
  let misspelt;
  try {
    club.bookings.list({ include: ['cancelled'] });
  } catch (error) {
    misspelt = error.message;
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const signal = verifyWebhook(Buffer.concat(chunks), request.headers, process.env.WEBHOOK_SECRET);
        say({ verified: signal.id, type: signal.type });
        response.writeHead(204).end();
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        say({ refused: error.code });
        response.writeHead(400).end();
      }
    });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () =>
    say({ listening: true, resolved: require.resolve('@clubdata/sdk'), customers: page.data.map((c) => c.id), misspelt, sqliteStore: typeof SqliteStore }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
