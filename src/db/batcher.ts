// Many callers' requests as one statement: what the delivery pipeline's hot statements
// (src/db/deliveries.ts) go through.

/**
 * Runs many callers' requests as one statement. A request goes at once while fewer than
 * `inFlight` batches are running; otherwise it waits for the next to end and goes with every
 * request that queued meanwhile (at most `max`). PostgreSQL's per-statement and per-commit work
 * and the worker's socket writes are then paid once per batch rather than once per delivery
 * under load, and a lone request waits for nothing. A failed statement fails each request in it.
 */
export class Batcher<I, O> {
  readonly #run: (inputs: I[]) => Promise<O[]>;
  readonly #inFlight: number;
  readonly #max: number;
  #queue: { input: I; resolve: (output: O) => void; reject: (error: unknown) => void }[] = [];
  #running = 0;

  /** `run` answers the inputs in their order. */
  constructor(run: (inputs: I[]) => Promise<O[]>, inFlight: number, max: number) {
    this.#run = run;
    this.#inFlight = inFlight;
    this.#max = max;
  }

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#running < this.#inFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#max);
      this.#running++;
      this.#run(batch.map((entry) => entry.input))
        .then(
          (outputs) => batch.forEach((entry, i) => entry.resolve(outputs[i]!)),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          this.#running--;
          this.#pump();
        });
    }
  }
}
