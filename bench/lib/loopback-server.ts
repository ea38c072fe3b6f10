// How the read-API benchmark's own HTTP servers (bare-server.ts, minimal-server.ts) run: on a
// free loopback port announced as {"port": N} on one line of stdout, with the API's keep-alive
// (src/server.ts) so that connections live alike on every side, until SIGTERM or SIGINT.
import type { Server } from 'node:http';

export function serveOnLoopback(server: Server, beforeExit: () => Promise<void> = async () => {}): void {
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      server.close(() => void beforeExit().finally(() => process.exit(0)));
      server.closeAllConnections();
    });
  }
}
