// The client: every /v1 operation as a method, with the types generated from the service's
// OpenAPI document (openapi.ts). Lists page by themselves (list.ts); every call retries what is
// safe to retry (http.ts); signals can be followed as they commit (follow.ts).
import { followSignals, streamSignals, type FollowOptions, type SignalFollower, type StreamEvent, type StreamOptions } from './follow.ts';
import { Transport, withResponse, type ClientOptions, type ClubDataHooks, type QueryValue, type RequestOptions, type WithResponse } from './http.ts';
import { List, type Page } from './list.ts';
import { includeOptIns, type components, type operations } from './openapi.ts';
import { Mirror, type MirrorOptions } from './mirror/mirror.ts';
import { verifyWebhook, type WebhookHeaders } from './webhooks.ts';

type Schemas = components['schemas'];
/** The API's operations (the document's `deliver.*` operations are the webhooks it sends). */
type OperationId = Exclude<keyof operations, `deliver.${string}`>;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Success<R> = R extends { 200: infer A } ? A : R extends { 201: infer A } ? A : R extends { 202: infer A } ? A : never;
/** The JSON body of an operation's successful response. */
export type Result<Op extends OperationId> = JsonOf<Success<operations[Op]['responses']>>;
/** The body an operation takes. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody: infer B } ? JsonOf<B> : never;
type RawQuery<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;
/** The opt-ins an operation's `include` takes, as the document lists them. */
export type IncludeOptIn<Op extends OperationId> = Op extends keyof typeof includeOptIns ? (typeof includeOptIns)[Op][number] : never;
/** An operation's query parameters; `include` is an array of the operation's own opt-ins. */
export type Params<Op extends OperationId> = { [K in keyof RawQuery<Op>]?: K extends 'include' ? readonly IncludeOptIn<Op>[] : RawQuery<Op>[K] };
/** A record of a list operation's pages. */
export type Item<Op extends OperationId> = Result<Op> extends { data: (infer T)[] } ? T : never;

/** Which method of the client calls each operation of the API; the tests call every one. */
export const OPERATIONS = {
  retrieveClub: 'club.retrieve',
  listCustomers: 'customers.list',
  retrieveCustomer: 'customers.retrieve',
  listSpaces: 'spaces.list',
  listCoaches: 'coaches.list',
  retrieveCoach: 'coaches.retrieve',
  listSchedule: 'schedule.list',
  listBookings: 'bookings.list',
  retrieveBooking: 'bookings.retrieve',
  listEvents: 'events.list',
  retrieveEvent: 'events.retrieve',
  listEventParticipants: 'events.participants.list',
  retrieveEventParticipant: 'events.participants.retrieve',
  listOrders: 'orders.list',
  retrieveOrder: 'orders.retrieve',
  listTransactions: 'transactions.list',
  listWaivers: 'waivers.list',
  listSignals: 'signals.list',
  retrieveSignal: 'signals.retrieve',
  streamSignals: 'signals.stream',
  listSignalAttempts: 'signals.listAttempts',
  listSignalTypes: 'signalTypes.list',
  createWebhookEndpoint: 'webhookEndpoints.create',
  listWebhookEndpoints: 'webhookEndpoints.list',
  retrieveWebhookEndpoint: 'webhookEndpoints.retrieve',
  updateWebhookEndpoint: 'webhookEndpoints.update',
  deleteWebhookEndpoint: 'webhookEndpoints.delete',
  rotateWebhookEndpointSecret: 'webhookEndpoints.rotateSecret',
  recoverWebhookEndpoint: 'webhookEndpoints.recover',
  resendWebhookEndpointSignal: 'webhookEndpoints.resend',
  listWebhookEndpointAttempts: 'webhookEndpoints.listAttempts',
  retrieveWebhookEndpointAttempt: 'webhookEndpoints.retrieveAttempt',
  retrieveWebhookEndpointHealth: 'webhookEndpoints.health',
  testWebhookEndpoint: 'webhookEndpoints.test',
  createPortalSession: 'portalSessions.create',
  deletePortalSession: 'portalSessions.delete',
} as const satisfies Record<OperationId, string>;

const segment = (id: string) => {
  if (typeof id !== 'string' || id === '') throw new TypeError('ClubData: an id must be a non-empty string');
  return encodeURIComponent(id);
};

/**
 * An operation's query, its `include` checked against the opt-ins the operation takes: the API
 * ignores one it does not know, so a misspelt opt-in would silently change nothing.
 */
function queryOf(operation: OperationId, params: object | undefined): Record<string, QueryValue> {
  const query = { ...(params as Record<string, QueryValue>) };
  const include = query.include;
  if (include === undefined) return query;
  const optIns: readonly string[] = (includeOptIns as Partial<Record<OperationId, readonly string[]>>)[operation] ?? [];
  const asked = typeof include === 'string' ? include.split(',') : Array.isArray(include) ? (include as unknown[]) : [include];
  for (const value of asked) {
    if (typeof value !== 'string' || !optIns.includes(value)) {
      const takes = optIns.length > 0 ? `takes include ${optIns.map((o) => `'${o}'`).join(' or ')}` : 'takes no include';
      throw new TypeError(`ClubData: ${OPERATIONS[operation]} ${takes}, not ${JSON.stringify(value)}`);
    }
  }
  return query;
}

export class ClubData {
  readonly #http: Transport;

  constructor(options: ClientOptions) {
    this.#http = new Transport(options);
  }

  /** The service this client talks to. */
  get baseUrl(): string {
    return this.#http.baseUrl;
  }

  /**
   * Calls `hook` for each attempt of every call ('request', before it is sent) or as each attempt
   * ends ('response', with its status or its error): for logs and metrics. Retries are attempts
   * of their own. A hook that throws fails the call.
   */
  on<Name extends keyof ClubDataHooks>(name: Name, hook: ClubDataHooks[Name]): this {
    this.#hooks(name).add(hook);
    return this;
  }

  /** Removes a hook that `on` added. */
  off<Name extends keyof ClubDataHooks>(name: Name, hook: ClubDataHooks[Name]): this {
    this.#hooks(name).delete(hook);
    return this;
  }

  #hooks<Name extends keyof ClubDataHooks>(name: Name): Set<ClubDataHooks[Name]> {
    const hooks = this.#http.hooks[name] as Set<ClubDataHooks[Name]> | undefined;
    if (!hooks) throw new TypeError(`ClubData: no hook named ${JSON.stringify(name)} (there are 'request' and 'response')`);
    return hooks;
  }

  async #get<Op extends OperationId>(operation: Op, path: string, params: object | undefined, options: RequestOptions | undefined): Promise<WithResponse<Result<Op>>> {
    const { body, meta } = await this.#http.request<Result<Op> & object>({ operationId: operation, method: 'GET', path, query: queryOf(operation, params) }, options);
    return withResponse(body, meta);
  }

  #write<Op extends OperationId>(operation: Op, method: 'POST' | 'DELETE', path: string, body: unknown, options: RequestOptions | undefined): Promise<WithResponse<Result<Op>>> {
    return this.#http.request<Result<Op> & object>({ operationId: operation, method, path, body }, options).then(({ body: result, meta }) => withResponse(result, meta));
  }

  #list<Op extends OperationId>(operation: Op, path: string, params: object | undefined, options: RequestOptions | undefined): List<Item<Op>> {
    const query = queryOf(operation, params);
    // A list operation's result is the list envelope of its items (Result<Op> is generic here).
    return new List<Item<Op>>(
      (after) => this.#get(operation, path, after === undefined ? query : { ...query, starting_after: after }, options) as unknown as Promise<Page<Item<Op>>>,
    );
  }

  readonly club = {
    retrieve: (options?: RequestOptions) => this.#get('retrieveClub', '/v1/club', undefined, options),
  };

  readonly customers = {
    list: (params?: Params<'listCustomers'>, options?: RequestOptions) => this.#list('listCustomers', '/v1/customers', params, options),
    retrieve: async (id: string, params?: Params<'retrieveCustomer'>, options?: RequestOptions) =>
      this.#get('retrieveCustomer', `/v1/customers/${segment(id)}`, params, options),
  };

  readonly spaces = {
    list: (options?: RequestOptions) => this.#list('listSpaces', '/v1/spaces', undefined, options),
  };

  readonly coaches = {
    list: (params?: Params<'listCoaches'>, options?: RequestOptions) => this.#list('listCoaches', '/v1/coaches', params, options),
    retrieve: async (id: string, options?: RequestOptions) => this.#get('retrieveCoach', `/v1/coaches/${segment(id)}`, undefined, options),
  };

  readonly schedule = {
    list: (params?: Params<'listSchedule'>, options?: RequestOptions) => this.#list('listSchedule', '/v1/schedule', params, options),
  };

  readonly bookings = {
    list: (params?: Params<'listBookings'>, options?: RequestOptions) => this.#list('listBookings', '/v1/bookings', params, options),
    retrieve: async (id: string, options?: RequestOptions) => this.#get('retrieveBooking', `/v1/bookings/${segment(id)}`, undefined, options),
  };

  readonly events = {
    list: (params?: Params<'listEvents'>, options?: RequestOptions) => this.#list('listEvents', '/v1/events', params, options),
    retrieve: async (id: string, options?: RequestOptions) => this.#get('retrieveEvent', `/v1/events/${segment(id)}`, undefined, options),
    participants: {
      list: (eventId: string, params?: Params<'listEventParticipants'>, options?: RequestOptions) =>
        this.#list('listEventParticipants', `/v1/events/${segment(eventId)}/participants`, params, options),
      retrieve: async (eventId: string, participantId: string, options?: RequestOptions) =>
        this.#get('retrieveEventParticipant', `/v1/events/${segment(eventId)}/participants/${segment(participantId)}`, undefined, options),
    },
  };

  readonly orders = {
    list: (params?: Params<'listOrders'>, options?: RequestOptions) => this.#list('listOrders', '/v1/orders', params, options),
    retrieve: async (id: string, options?: RequestOptions) => this.#get('retrieveOrder', `/v1/orders/${segment(id)}`, undefined, options),
  };

  readonly transactions = {
    list: (params?: Params<'listTransactions'>, options?: RequestOptions) => this.#list('listTransactions', '/v1/transactions', params, options),
  };

  readonly waivers = {
    list: (params?: Params<'listWaivers'>, options?: RequestOptions) => this.#list('listWaivers', '/v1/waivers', params, options),
  };

  readonly signals = {
    list: (params?: Params<'listSignals'>, options?: RequestOptions) => this.#list('listSignals', '/v1/signals', params, options),
    retrieve: async (id: string, options?: RequestOptions) => this.#get('retrieveSignal', `/v1/signals/${segment(id)}`, undefined, options),
    /** The signal's delivery attempts to every endpoint the key may see, newest first (key with webhook_endpoints:write). */
    listAttempts: (id: string, params?: Params<'listSignalAttempts'>, options?: RequestOptions) =>
      this.#list('listSignalAttempts', `/v1/signals/${segment(id)}/attempts`, params, options),
    /** The raw stream: signal and watermark events from one connection, with no reconnection. */
    stream: (params?: StreamOptions, options?: RequestOptions): AsyncGenerator<StreamEvent, void, undefined> => streamSignals(this.#http, params, options),
    /** Every signal from `afterSequence` on as it commits, reconnecting and resuming by itself. */
    follow: (params?: FollowOptions): SignalFollower => followSignals(this.#http, params),
  };

  readonly signalTypes = {
    list: (options?: RequestOptions) => this.#list('listSignalTypes', '/v1/signal_types', undefined, options),
  };

  /** A single-use link to the club's webhook portal for a person, with no API key in their browser (docs/portal.md). */
  readonly portalSessions = {
    create: async (body: RequestBody<'createPortalSession'>, options?: RequestOptions) =>
      this.#write('createPortalSession', 'POST', '/v1/portal_sessions', body, options),
    /** Ends it: its link and its session stop working at once. */
    delete: async (id: string, options?: RequestOptions) => this.#write('deletePortalSession', 'DELETE', `/v1/portal_sessions/${segment(id)}`, undefined, options),
  };

  readonly webhookEndpoints = {
    create: (body: RequestBody<'createWebhookEndpoint'>, options?: RequestOptions) =>
      this.#write('createWebhookEndpoint', 'POST', '/v1/webhook_endpoints', body, options),
    list: (options?: RequestOptions) => this.#list('listWebhookEndpoints', '/v1/webhook_endpoints', undefined, options),
    retrieve: async (id: string, options?: RequestOptions) => this.#get('retrieveWebhookEndpoint', `/v1/webhook_endpoints/${segment(id)}`, undefined, options),
    update: async (id: string, body: RequestBody<'updateWebhookEndpoint'>, options?: RequestOptions) =>
      this.#write('updateWebhookEndpoint', 'POST', `/v1/webhook_endpoints/${segment(id)}`, body, options),
    delete: async (id: string, options?: RequestOptions) => this.#write('deleteWebhookEndpoint', 'DELETE', `/v1/webhook_endpoints/${segment(id)}`, undefined, options),
    /**
     * A new signing secret (v1) or key (v1a), of `signature_scheme` when given (switching the
     * endpoint to it); the old one keeps signing for a while (docs/webhooks.md).
     */
    rotateSecret: async (id: string, body?: RequestBody<'rotateWebhookEndpointSecret'>, options?: RequestOptions) =>
      this.#write('rotateWebhookEndpointSecret', 'POST', `/v1/webhook_endpoints/${segment(id)}/rotate_secret`, body, options),
    /** Delivers again what the endpoint missed between `since` and `until`. */
    recover: async (id: string, body: RequestBody<'recoverWebhookEndpoint'>, options?: RequestOptions) =>
      this.#write('recoverWebhookEndpoint', 'POST', `/v1/webhook_endpoints/${segment(id)}/recover`, body, options),
    /** Sends one signal to the endpoint again, whatever became of its delivery (docs/webhooks.md, "Sending one signal again"). */
    resend: async (id: string, body: RequestBody<'resendWebhookEndpointSignal'>, options?: RequestOptions) =>
      this.#write('resendWebhookEndpointSignal', 'POST', `/v1/webhook_endpoints/${segment(id)}/resend`, body, options),
    listAttempts: (id: string, params?: Params<'listWebhookEndpointAttempts'>, options?: RequestOptions) =>
      this.#list('listWebhookEndpointAttempts', `/v1/webhook_endpoints/${segment(id)}/attempts`, params, options),
    /** One attempt of the endpoint, as its attempts log shows it. */
    retrieveAttempt: async (id: string, attemptId: string, options?: RequestOptions) =>
      this.#get('retrieveWebhookEndpointAttempt', `/v1/webhook_endpoints/${segment(id)}/attempts/${segment(attemptId)}`, undefined, options),
    /** Posts one signed test signal to the endpoint now; the answer has it and its attempt (docs/webhooks.md, "Sending a test signal"). */
    test: async (id: string, options?: RequestOptions) => this.#write('testWebhookEndpoint', 'POST', `/v1/webhook_endpoints/${segment(id)}/test`, undefined, options),
    /** The last 24 hours' attempts, and how far the endpoint is behind the club's history (docs/webhooks.md, "Health and sync"). */
    health: async (id: string, options?: RequestOptions) =>
      this.#get('retrieveWebhookEndpointHealth', `/v1/webhook_endpoints/${segment(id)}/health`, undefined, options),
  };

  /**
   * A local copy of the club kept exact by following its signals (docs/sdk.md, "The mirror").
   * It starts at once; `ready` resolves when the copy is whole.
   */
  mirror(options?: MirrorOptions): Mirror {
    return new Mirror(this, options);
  }

  readonly webhooks = {
    /** `verifyWebhook`, for a program that holds a client already (a receiver needs only the secret). */
    verify: (rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): Schemas['Signal'] => verifyWebhook(rawBody, headers, secret),
  };
}
