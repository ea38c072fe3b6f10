// The errors domain and database code raise. They say what is wrong in the domain's own terms
// (which input breaks which rule, what is unavailable for how long) and nothing of HTTP, so the
// rules stay usable outside a request (the CLI, the workers, the benchmarks). The error handler
// (plugins/error-handler.ts, fromDomainError) is the one place that turns them into the envelope.

/**
 * An input the caller gave breaks a rule. `param` names the input; the message says what is wrong
 * and how to fix it, written for the client. `missing` marks an input that is absent although
 * the others given require it.
 */
export class InvalidInput extends Error {
  readonly param: string;
  readonly missing: boolean;

  constructor(param: string, message: string, options: { missing?: boolean } = {}) {
    super(message);
    this.name = 'InvalidInput';
    this.param = param;
    this.missing = options.missing ?? false;
  }
}

/** The steps that depend on something outside the service and may fail for now. */
export type FallibleStep = 'host_lookup';

/**
 * Something we depend on failed for now; the caller's input was fine and the same call may
 * succeed after `retryAfterSeconds`. `what` names the step that failed.
 */
export class TemporarilyUnavailable extends Error {
  readonly what: FallibleStep;
  readonly retryAfterSeconds: number;

  constructor(what: FallibleStep, message: string, retryAfterSeconds: number) {
    super(message);
    this.name = 'TemporarilyUnavailable';
    this.what = what;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The position a reader asked to resume from lies in history that retention has removed, so
 * what followed it cannot all be returned: the reader must list again (410 cursor_expired).
 */
export class CursorExpired extends Error {
  readonly param: string;

  constructor(param: string, message: string) {
    super(message);
    this.name = 'CursorExpired';
    this.param = param;
  }
}
