// A TCP proxy on loopback in front of a server, to lose answers on purpose: the request reaches
// the server and is acted on, but the client's connection is cut before the answer comes back;
// every open connection is cut at once (a stream dropped mid-way); or new connections are
// refused (the API's database gone away).
import { createServer, connect, type Server, type Socket } from 'node:net';

export class CuttingProxy {
  readonly #target: { host: string; port: number };
  #server: Server | undefined;
  readonly #clients = new Set<Socket>();
  #dropAnswers = 0;
  #refusing = false;
  /** Answers lost so far: requests the API acted on whose client never heard back. */
  dropped = 0;

  constructor(target: string) {
    const url = new URL(target);
    this.#target = { host: url.hostname, port: Number(url.port || (url.protocol === 'postgresql:' ? 5432 : 80)) };
  }

  async start(): Promise<string> {
    this.#server = createServer((client) => {
      if (this.#refusing) {
        client.destroy();
        return;
      }
      this.#clients.add(client);
      const upstream = connect(this.#target);
      client.on('close', () => {
        this.#clients.delete(client);
        upstream.destroy();
      });
      upstream.on('close', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('data', (chunk) => upstream.write(chunk));
      upstream.on('data', (chunk) => {
        if (this.#dropAnswers > 0) {
          this.#dropAnswers--;
          this.dropped++;
          client.destroy();
          return;
        }
        client.write(chunk);
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  /** The next `count` answers are lost: each client connection is cut as its answer starts. */
  dropNextAnswers(count = 1): void {
    this.#dropAnswers = count;
  }

  /** While on, every new connection is closed at once (what a server that went away does). */
  refuse(on: boolean): void {
    this.#refusing = on;
  }

  /** Cuts every open connection now. */
  cutAll(): number {
    const count = this.#clients.size;
    for (const client of this.#clients) client.destroy();
    return count;
  }

  async stop(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}
