// Webhook endpoints, their delivery attempts and recoveries (docs/webhooks.md "Endpoints", "Order
// and pace", "The attempts log" and "Recovering missed deliveries"). What a schema cannot express
// (which signal types and scopes an endpoint may subscribe to) is checked in
// routes/webhook-endpoints/subscriptions.ts. The bounds of the delivery options are those
// migration 0021 checks in the table.
import { Type, type TSchema } from 'typebox';
import { MAX_URL_LENGTH } from '../domain/endpoint-urls.ts';
import { SIGNAL_SCOPES, SIGNAL_TYPES } from '../domain/signal-types.ts';
import { CreatedWindowQuery, ListEnvelope, Nullable, PageQuery, TimestampBound, UtcTimestamp } from './common.ts';

export const MAX_DESCRIPTION_LENGTH = 500;
const MAX_IN_FLIGHT_LIMIT = 50;
const RATE_LIMIT_MAX = 10_000;
// One request every 100 s at the slowest: a pace's wait stays a timer's (migration 0021).
const RATE_LIMIT_MIN = 0.01;

const ORDERING =
  'none: signals go out as they come, several at once. per_resource: the signals about one record (data.object.id) reach ' +
  'the endpoint one after another, in sequence order, each once the previous one succeeded or was given up; other records ' +
  'keep flowing beside it.';
const Ordering = (description: string) => Type.Union([Type.Literal('none'), Type.Literal('per_resource')], { description });
const MaxInFlight = Nullable(Type.Integer({ minimum: 1, maximum: MAX_IN_FLIGHT_LIMIT }), {
  description:
    `Requests to this endpoint in flight at once, across every worker: 1 to ${MAX_IN_FLIGHT_LIMIT}. null: the service's ` +
    'default (5 unless the operator set DELIVERY_PER_ENDPOINT_CONCURRENCY)',
});
const RateLimit = Nullable(Type.Number({ minimum: RATE_LIMIT_MIN, maximum: RATE_LIMIT_MAX }), {
  description:
    `Deliveries a second to this endpoint at most, across every worker: from ${RATE_LIMIT_MIN} to ${RATE_LIMIT_MAX}, ` +
    'fractions allowed (0.5 is one every 2 seconds). null: no limit',
});

const endpointFields = {
  id: Type.String({ description: 'Begins with we_' }),
  object: Type.Literal('webhook_endpoint'),
  url: Type.String({ description: 'Receiving address: https (plain http only for loopback hosts in development mode)' }),
  description: Type.String(),
  scopes: Type.Array(Type.String({ enum: [...SIGNAL_SCOPES] }), { description: 'Scopes the endpoint holds; it receives only signals they cover' }),
  signal_types: Type.Array(Type.String({ enum: ['*', ...SIGNAL_TYPES] }), { description: 'Signal types subscribed to, or ["*"] for every type' }),
  signature_scheme: SignatureSchemeField(''),
  public_key: Nullable(Type.String({ pattern: '^whpk_[A-Za-z0-9+/]{43}=$' }), {
    description: "A v1a endpoint's ed25519 public key, whpk_ + base64 of its 32 bytes: what its receiver verifies with; null for v1",
  }),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  disabled_reason: Nullable(
    Type.Union([Type.Literal('failing'), Type.Literal('gone'), Type.Literal('requested')], {
      description: 'failing: every attempt failed for too long; gone: the receiver answered 410; requested: disabled through the API',
    }),
  ),
  ordering: Ordering(ORDERING),
  max_in_flight: MaxInFlight,
  rate_limit: RateLimit,
  pace: Type.Object(
    {
      effective_rate: Nullable(Type.Number(), {
        description: 'Deliveries a second the endpoint is slowed to after 429 or 503 answers without Retry-After; null: not slowed',
      }),
      paused_until: Nullable(Type.String(), {
        description:
          "Nothing is sent to the endpoint before this time, as a receiver's Retry-After asked (UTC, millisecond precision, " +
          'trailing Z); null: not paused, or the pause is over',
      }),
    },
    {
      additionalProperties: false,
      description: "The endpoint's current pace, which the delivery worker adapts to the receiver's answers; no request sets it",
    },
  ),
  health: Type.Object(
    {
      failing_since: Nullable(Type.String(), {
        description:
          'When the current run of failed attempts began (UTC), once the endpoint is failing (the run\'s fourth failed attempt ' +
          'in a row); null otherwise: the last attempt succeeded, or fewer than four have failed since. Enabling the endpoint ' +
          'again does not end the run: the next success does',
      }),
      disable_at: Nullable(Type.String(), {
        description:
          'When the endpoint will be disabled (disabled_reason failing) unless an attempt succeeds first: failing_since plus ' +
          'the service\'s ENDPOINT_DISABLE_AFTER (5 days by default) as it was when the failing began, or that window from ' +
          'the moment it was enabled again; null when not failing, already disabled, or (for a failing run that began before ' +
          'this field existed) until its next failed attempt',
      }),
      last_success_at: Nullable(Type.String(), { description: 'When the last attempt that succeeded was made (UTC); null when none has' }),
      pending_deliveries: Type.Integer({
        minimum: 0,
        maximum: 10_000,
        description: 'Deliveries not yet delivered: due, in flight or waiting for a retry; counted up to 10000 (10000: that many or more)',
      }),
      given_up_deliveries: Type.Integer({
        minimum: 0,
        maximum: 10_000,
        description:
          'Deliveries whose attempts ran out (or that failed as the endpoint was disabled) and were not sent again since, within the signal retention; counted up to 10000',
      }),
    },
    { additionalProperties: false, description: "The endpoint's delivery health, which its owner can watch; no request sets it" },
  ),
  created_at: UtcTimestamp,
};

export const WebhookEndpointSchema = Type.Object(endpointFields, { $id: 'WebhookEndpoint', additionalProperties: false });

export const WebhookEndpointWithSecretSchema = Type.Object(
  {
    ...endpointFields,
    secret: Nullable(
      Type.String({
        description: 'Signing secret, whsec_ + base64 of 24 random bytes. Shown only when created or rotated.',
        pattern: '^whsec_[A-Za-z0-9+/]+=*$',
      }),
      { description: 'The v1 signing secret, shown only here; null for a v1a endpoint, whose signing key is never shown (verify with public_key)' },
    ),
  },
  { $id: 'WebhookEndpointWithSecret', additionalProperties: false },
);

export const DeletedWebhookEndpointSchema = Type.Object(
  { id: Type.String(), object: Type.Literal('webhook_endpoint'), deleted: Type.Literal(true) },
  { $id: 'DeletedWebhookEndpoint', additionalProperties: false },
);

const AttemptOutcome = Type.Union([Type.Literal('succeeded'), Type.Literal('failed')], {
  description: 'succeeded: the receiver answered 2xx; failed: any other status (429 and 503 included) or no answer',
});

export const WebhookAttemptSchema = Type.Object(
  {
    id: Type.String({ description: 'Begins with atmpt_' }),
    object: Type.Literal('webhook_attempt'),
    endpoint_id: Type.String({ description: 'The endpoint attempted' }),
    signal_id: Type.String({ description: 'The signal delivered (the webhook-id header)' }),
    attempt_number: Type.Integer({
      minimum: 1,
      description: "The attempt's place in the delivery's retry schedule: 1 for the first; a 429 or 503 that asked for time keeps its number",
    }),
    outcome: AttemptOutcome,
    attempted_at: UtcTimestamp,
    status_code: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when no answer came" })),
    error: Nullable(Type.String({ description: 'Why the attempt failed, when it did' })),
    duration_ms: Type.Integer(),
    response_excerpt: Type.String({ description: "The start of the receiver's answer" }),
  },
  { $id: 'WebhookAttempt', additionalProperties: false },
);

export const WebhookRecoverySchema = Type.Object(
  {
    object: Type.Literal('recovery'),
    endpoint_id: Type.String(),
    since: UtcTimestamp,
    until: UtcTimestamp,
    queued: Type.Integer({ description: 'Signals queued for delivery again' }),
  },
  { $id: 'WebhookRecovery', additionalProperties: false },
);

export const WebhookResendSchema = Type.Object(
  {
    object: Type.Literal('resend'),
    endpoint_id: Type.String(),
    signal_id: Type.String(),
    queued: Type.Boolean({
      description: 'true: the signal is queued for the endpoint again; false: its delivery was already due and under way, and is left to it',
    }),
  },
  { $id: 'WebhookResend', additionalProperties: false },
);

export const AttemptParams = Type.Object({ id: Type.String(), attempt_id: Type.String() }, { additionalProperties: false });

/** GET /v1/webhook_endpoints/{id}/health (sql/1-render/cd_render_webhook_endpoint_health.sql). */
export const WebhookEndpointHealthSchema = Type.Object(
  {
    object: Type.Literal('webhook_endpoint_health'),
    endpoint_id: Type.String(),
    attempts_24h: Type.Object(
      {
        attempted: Type.Integer({ minimum: 0, description: 'Attempts in the last 24 hours (the newest 100,000 at most)' }),
        succeeded: Type.Integer({ minimum: 0 }),
        failed: Type.Integer({ minimum: 0 }),
        success_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'succeeded / attempted; null without attempts' }),
        counted_up_to: Type.Integer({ description: 'The most attempts counted' }),
      },
      { additionalProperties: false },
    ),
    sync: Type.Object(
      {
        latest_sequence: Type.Integer({ minimum: 0, description: "The club's latest signal sequence (0 before any)" }),
        received_through: Type.Integer({
          minimum: 0,
          description: 'Every signal up to this sequence that the endpoint receives was delivered to it',
        }),
        behind: Type.Integer({ minimum: 0, description: 'Signals after received_through the endpoint receives and has not had: pending + unsent' }),
        pending: Type.Integer({ minimum: 0, description: 'Of which on their way (first attempts and retries); up to 10,000' }),
        unsent: Type.Integer({
          minimum: 0,
          description: 'Of which given up, canceled, or missed while the endpoint was disabled: they come only if sent again; up to 10,000',
        }),
        unsent_since: Type.Union([UtcTimestamp, Type.Null()], {
          description: 'When the oldest unsent signal was emitted: POST .../recover with this as since sends every one again',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'WebhookEndpointHealth', additionalProperties: false },
);

/** POST /v1/webhook_endpoints/{id}/test: the test signal sent, and its attempt (src/delivery/test-signal.ts). */
export const WebhookTestSchema = Type.Object(
  {
    object: Type.Literal('webhook_test'),
    endpoint_id: Type.String(),
    signal: Type.Object(
      {
        id: Type.String({ description: 'Begins with sig_test_: no signal of the history has such an id' }),
        object: Type.Literal('signal'),
        type: Type.Literal('webhook_endpoint.test'),
        created: UtcTimestamp,
        sequence: Type.Literal(0, { description: 'Always 0: a test signal is in no club\'s history' }),
        previous_sequence: Type.Null(),
        api_version: Type.Literal('v1'),
        data: Type.Object({ object: Type.Ref('WebhookEndpoint') }, { additionalProperties: false }),
      },
      { additionalProperties: false, description: 'The body posted, byte for byte' },
    ),
    attempt: Type.Ref('WebhookAttempt'),
  },
  { $id: 'WebhookTest', additionalProperties: false },
);

/** What a webhook_endpoint.recovered signal says of the failing run it ends (sql/2-signals/cd_endpoint_outage.sql). */
export const WebhookEndpointOutageSchema = Type.Object(
  {
    failing_since: UtcTimestamp,
    recovered_at: Type.String({
      description: 'When the attempt that succeeded was made (UTC); the first failure, when that attempt was made before it (requests in flight together)',
    }),
    failed_for_seconds: Type.Integer({ minimum: 0, description: 'How long the endpoint was failing, in whole seconds' }),
    given_up_deliveries: Type.Integer({
      minimum: 0,
      maximum: 10_000,
      description: 'Deliveries given up while it was failing and not sent again since; counted up to 10000',
    }),
    recover_window: Type.Object(
      { since: UtcTimestamp, until: UtcTimestamp },
      // until: when the signal was emitted; since: the first failure, or the creation of an earlier signal the outage cost
      {
        additionalProperties: false,
        description:
          'The since and until to POST to /v1/webhook_endpoints/{id}/recover to have every signal the endpoint missed meanwhile ' +
          'sent again (what was delivered is left out)',
      },
    ),
  },
  { $id: 'WebhookEndpointOutage', additionalProperties: false, description: 'The run of failures a recovery ended' },
);

function SignatureSchemeField(more: string) {
  return Type.Union([Type.Literal('v1'), Type.Literal('v1a')], {
    description:
      'How deliveries are signed (Standard Webhooks): v1, HMAC-SHA256 with the whsec_ secret shown once; v1a, ed25519, ' +
      `verified with the endpoint's public_key (whpk_), its signing key never leaving the service.${more ? ` ${more}` : ''}`,
  });
}

const Url = Type.String({
  maxLength: MAX_URL_LENGTH,
  description:
    'Absolute https URL without credentials or fragment; plain http only for localhost, 127.0.0.0/8 or [::1] when the server runs in development mode. ' +
    'Outside development mode the host must be public: a literal non-public address, localhost, or a name that does not resolve or resolves to any non-public address is refused.',
});
const SignalTypes = Type.Array(Type.String(), {
  minItems: 1,
  description: `Signal types to receive (${SIGNAL_TYPES.join(', ')}), or exactly ["*"] for all. Duplicates are removed.`,
});
const Scopes = Type.Array(Type.String(), {
  description:
    `Scopes the endpoint holds, among ${SIGNAL_SCOPES.join(', ')}; never more than the key holds. Default: the read scopes ` +
    'among them that the key holds (webhook_endpoints:write, for the signals about endpoints, only when named).',
});
const Description = Type.String({ maxLength: MAX_DESCRIPTION_LENGTH });
// The delivery options. Null sets max_in_flight or rate_limit back to the default; ordering
// always has a value.
const deliveryOptions = {
  ordering: Type.Optional(Ordering(`${ORDERING} Default: none.`)),
  max_in_flight: Type.Optional(MaxInFlight),
  rate_limit: Type.Optional(RateLimit),
};

export const CreateEndpointBody = Type.Object(
  {
    url: Url,
    signal_types: SignalTypes,
    scopes: Type.Optional(Scopes),
    description: Type.Optional(Description),
    signature_scheme: Type.Optional(SignatureSchemeField('Default: v1.')),
    ...deliveryOptions,
  },
  { additionalProperties: false },
);

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    signal_types: Type.Optional(SignalTypes),
    scopes: Type.Optional(Scopes),
    description: Type.Optional(Description),
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('disabled')], {
        description: 'disabled stops deliveries (pending ones are canceled); active re-enables the endpoint',
      }),
    ),
    ...deliveryOptions,
  },
  { additionalProperties: false },
);

export const RecoverBody = Type.Object(
  {
    since: TimestampBound,
    until: Type.Optional(TimestampBound),
  },
  { additionalProperties: false },
);

const OutcomeFilter = Type.Optional(Type.String({ enum: ['succeeded', 'failed'], description: 'Only attempts with this outcome' }));

/** POST …/test takes no field; the body may be left out. */
export const TestBody = Type.Object({}, { additionalProperties: false });

export const RotateSecretBody = Type.Object(
  { signature_scheme: Type.Optional(SignatureSchemeField("Default: the endpoint's own; another one switches it.")) },
  { additionalProperties: false },
);

export const ResendBody = Type.Object(
  { signal_id: Type.String({ minLength: 1, maxLength: 100, description: 'The signal to send again (sig_...)' }) },
  { additionalProperties: false },
);

export const AttemptListQuery = Type.Object(
  {
    ...PageQuery,
    outcome: OutcomeFilter,
    signal_type: Type.Optional(Type.String({ enum: [...SIGNAL_TYPES], description: 'Only attempts to deliver signals of this type' })),
    ...CreatedWindowQuery,
  },
  { additionalProperties: false },
);

export const SignalAttemptListQuery = Type.Object({ ...PageQuery, outcome: OutcomeFilter }, { additionalProperties: false });

export const WebhookEndpointList = ListEnvelope(Type.Ref('WebhookEndpoint'), 'Every webhook endpoint of the club, oldest first');
export const WebhookAttemptList = ListEnvelope(Type.Ref('WebhookAttempt'), 'Delivery attempts, newest first');

export const schemas: TSchema[] = [
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  DeletedWebhookEndpointSchema,
  WebhookAttemptSchema,
  WebhookRecoverySchema,
  WebhookResendSchema,
  WebhookEndpointOutageSchema,
  WebhookEndpointHealthSchema,
  WebhookTestSchema,
];
