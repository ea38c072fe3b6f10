// Webhook endpoint management: the only writes in the API (scope webhook_endpoints:write).
// Signing secrets appear in exactly two answers, create and rotate_secret; they are sealed
// before they reach the database and never written to a log. Acting on an existing endpoint
// also needs every scope it holds (endpoint-access.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  getEndpointHealth,
  getAttempt,
  listAttempts,
  listEndpoints,
  recoverDeliveries,
  resendSignal,
  rotateSecret,
  updateEndpoint,
  type AttemptOutcome,
} from '../../db/webhook-endpoints.ts';
import { sendTestSignal } from '../../delivery/test-signal.ts';
import { checkEndpointHost, checkEndpointUrl } from '../../domain/endpoint-urls.ts';
import { generateEndpointSecret, type SignatureScheme } from '../../domain/secrets.ts';
import { checkWindow, readBound, readCreatedWindow, toCreatedWindow } from '../../domain/timestamps.ts';
import { ApiError } from '../../errors.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import {
  AttemptListQuery,
  AttemptParams,
  CreateEndpointBody,
  RecoverBody,
  ResendBody,
  RotateSecretBody,
  TestBody,
  UpdateEndpointBody,
  WebhookAttemptList,
  WebhookEndpointList,
} from '../../schemas/webhook-endpoints.ts';
import { pageSize } from '../query.ts';
import { sendRecord, sendRendered } from '../reply.ts';
import { holdsEveryEndpointScope } from './endpoint-access.ts';
import { checkTypesCovered, readScopes, readSignalTypes } from './subscriptions.ts';

const SCOPE = { scope: 'webhook_endpoints:write' } as const;
const TAGS = ['Webhook endpoints'];
const DAY_MS = 24 * 60 * 60 * 1000;
/** Create and update check the url's host in DNS: 503 host_lookup_unavailable when it fails for now. */
const urlErrorResponses = { ...errorResponses, 503: Type.Ref('ErrorEnvelope') };

/**
 * Adds the plaintext secret to the endpoint PostgreSQL rendered, as its last field. The secret
 * never goes to SQL (not even as a parameter a statement log could show), so it is spliced into
 * the rendered text here; every other byte is PostgreSQL's.
 */
function withSecret(rendered: string, secret: string | null): string {
  return `${rendered.slice(0, rendered.lastIndexOf('}'))}, "secret" : ${JSON.stringify(secret)}}`;
}

/** A new secret of the scheme, sealed, with what the answer shows: the v1 secret, once. */
function newSecret(secretBox: { seal(secret: string): Buffer }, scheme: SignatureScheme) {
  const { secret, shown, publicKey } = generateEndpointSecret(scheme);
  const signing = publicKey === null ? ({ scheme: 'v1' } as const) : ({ scheme: 'v1a', publicKey } as const);
  return { sealedSecret: secretBox.seal(secret), signing, shown };
}

const webhookEndpoints: FastifyPluginAsyncTypebox = async (app) => {
  const { pool, secretBox, config, resolveHost } = app;

  /** A url checked as written, then (outside development mode) for a public host. */
  async function readUrl(value: string): Promise<string> {
    const url = checkEndpointUrl(value, config.environment);
    await checkEndpointHost(url, config.environment, resolveHost);
    return url;
  }

  // Bodies are parsed, and a POST without one counts as {}, by plugins/input-guard.ts.

  app.post(
    '/v1/webhook_endpoints',
    {
      config: SCOPE,
      schema: {
        operationId: 'createWebhookEndpoint',
        tags: TAGS,
        summary: 'Create a webhook endpoint',
        description:
          'Registers a URL to receive the signals emitted from now on whose type is subscribed to and whose scope the ' +
          'endpoint holds, optionally with its delivery options (ordering, max_in_flight, rate_limit). The answer carries ' +
          'the signing secret, shown only here and after a rotation.',
        querystring: NoQuery,
        body: CreateEndpointBody,
        response: { 200: Type.Ref('WebhookEndpointWithSecret'), ...urlErrorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const url = await readUrl(body.url);
      const signalTypes = readSignalTypes(body.signal_types);
      const scopes = readScopes(body.scopes, request.principal.scopes);
      checkTypesCovered(signalTypes, scopes, 'signal_types');
      const { sealedSecret, signing, shown } = newSecret(secretBox, body.signature_scheme ?? 'v1');
      const rendered = await createEndpoint(pool, {
        clubId: request.principal.clubId,
        url,
        description: body.description ?? '',
        signalTypes,
        scopes,
        sealedSecret,
        signing,
        ordering: body.ordering,
        maxInFlight: body.max_in_flight,
        rateLimit: body.rate_limit,
      });
      return sendRendered(reply, withSecret(rendered, shown));
    },
  );

  app.get(
    '/v1/webhook_endpoints',
    {
      config: SCOPE,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags: TAGS,
        summary: 'List webhook endpoints',
        description: 'Every webhook endpoint of the club, oldest first. Not paginated.',
        querystring: NoQuery,
        response: { 200: WebhookEndpointList, ...errorResponses },
      },
    },
    async (request, reply) => sendRendered(reply, await listEndpoints(pool, request.principal.clubId)),
  );

  app.get(
    '/v1/webhook_endpoints/:id',
    {
      config: SCOPE,
      schema: {
        operationId: 'retrieveWebhookEndpoint',
        tags: TAGS,
        summary: 'Retrieve a webhook endpoint',
        description: 'The endpoint without its secret. A deleted endpoint gives 404.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('WebhookEndpoint'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getEndpoint(pool, request.principal.clubId, request.params.id);
      return sendRecord(reply, body, 'webhook_endpoint', request.params.id);
    },
  );

  app.get(
    '/v1/webhook_endpoints/:id/health',
    {
      config: SCOPE,
      schema: {
        operationId: 'retrieveWebhookEndpointHealth',
        tags: TAGS,
        summary: "Retrieve a webhook endpoint's health and sync",
        description:
          'The attempts of the last 24 hours and how many succeeded, and how far the endpoint is behind the club\'s signal ' +
          'history: the sequence it has received everything through, and the signals pending or unsent after it ' +
          '(docs/webhooks.md, "Health and sync"). Shows counts, no signal.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('WebhookEndpointHealth'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getEndpointHealth(pool, request.principal.clubId, request.params.id);
      return sendRecord(reply, body, 'webhook_endpoint', request.params.id);
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id',
    {
      config: SCOPE,
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags: TAGS,
        summary: 'Update a webhook endpoint',
        description:
          'Changes the given fields, checked as on creation. status=disabled stops deliveries (disabled_reason ' +
          'requested; pending deliveries are canceled); status=active re-enables a disabled endpoint. max_in_flight or ' +
          'rate_limit null sets it back to the default; ordering cannot be null. Needs a key holding every scope of the ' +
          'endpoint. An empty body is 400 parameter_missing with param body.',
        params: IdParams,
        querystring: NoQuery,
        body: UpdateEndpointBody,
        response: { 200: Type.Ref('WebhookEndpoint'), ...urlErrorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // No field names itself as missing, so the error names the body (docs/api.md).
      if (Object.keys(body).length === 0) {
        throw ApiError.missingParam(
          'body',
          'Nothing to update: send at least one of url, signal_types, scopes, description, status, ordering, max_in_flight, rate_limit.',
        );
      }
      const url = body.url === undefined ? undefined : await readUrl(body.url);
      const signalTypes = body.signal_types === undefined ? undefined : readSignalTypes(body.signal_types);
      const scopes = body.scopes === undefined ? undefined : readScopes(body.scopes, request.principal.scopes);
      const mayChange = holdsEveryEndpointScope(request.principal);
      const rendered = await updateEndpoint(pool, request.principal.clubId, request.params.id, (current) => {
        mayChange(current);
        if (signalTypes !== undefined || scopes !== undefined) {
          const param = signalTypes !== undefined ? 'signal_types' : 'scopes';
          checkTypesCovered(signalTypes ?? current.signalTypes, scopes ?? current.scopes, param);
        }
        return {
          url,
          signalTypes,
          scopes,
          description: body.description,
          status: body.status,
          ordering: body.ordering,
          maxInFlight: body.max_in_flight,
          rateLimit: body.rate_limit,
        };
      });
      return sendRecord(reply, rendered, 'webhook_endpoint', request.params.id);
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id/rotate_secret',
    {
      config: SCOPE,
      schema: {
        operationId: 'rotateWebhookEndpointSecret',
        tags: TAGS,
        summary: "Rotate a webhook endpoint's secret",
        description:
          'Issues a new signing secret (v1: shown only in this answer) or signing key (v1a: its public_key on the endpoint), ' +
          'of the endpoint\'s scheme or of the signature_scheme asked for, which the endpoint then signs by. The previous ' +
          'one keeps signing, by its own scheme, beside the new one for 24 hours; a second rotation within them retires ' +
          'the oldest at once. The body is optional. Needs a key holding every scope of the endpoint.',
        params: IdParams,
        querystring: NoQuery,
        body: RotateSecretBody,
        response: { 200: Type.Ref('WebhookEndpointWithSecret'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const scheme = request.body.signature_scheme;
      let shown: string | null = null;
      const makeSecret = (made: SignatureScheme) => {
        const secret = newSecret(secretBox, made);
        shown = secret.shown;
        return secret;
      };
      const mayChange = holdsEveryEndpointScope(request.principal);
      const rendered = await rotateSecret(pool, request.principal.clubId, request.params.id, makeSecret, scheme, mayChange);
      if (rendered === null) throw ApiError.notFound('webhook_endpoint', request.params.id);
      return sendRendered(reply, withSecret(rendered, shown));
    },
  );

  app.delete(
    '/v1/webhook_endpoints/:id',
    {
      config: SCOPE,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags: TAGS,
        summary: 'Delete a webhook endpoint',
        description:
          'Deliveries stop at once, scheduled retries included. The endpoint leaves the list and its GET gives 404; its ' +
          'delivery history is kept for operators. Needs a key holding every scope of the endpoint.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('DeletedWebhookEndpoint'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await deleteEndpoint(pool, request.principal.clubId, request.params.id, holdsEveryEndpointScope(request.principal));
      return sendRecord(reply, body, 'webhook_endpoint', request.params.id);
    },
  );

  app.get(
    '/v1/webhook_endpoints/:id/attempts',
    {
      config: SCOPE,
      schema: {
        operationId: 'listWebhookEndpointAttempts',
        tags: TAGS,
        summary: "List a webhook endpoint's delivery attempts",
        description:
          'Every HTTP attempt to deliver to the endpoint, newest first. starting_after must be an attempt of this endpoint. ' +
          'outcome, signal_type, created_after and created_before (both inclusive, on attempted_at) narrow the list. ' +
          "Needs a key holding every scope of the endpoint: the receiver's answers may echo the signals.",
        params: IdParams,
        querystring: AttemptListQuery,
        response: { 200: WebhookAttemptList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listAttempts(pool, {
        clubId: request.principal.clubId,
        endpointId: request.params.id,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        outcome: request.query.outcome as AttemptOutcome | undefined,
        signalType: request.query.signal_type,
        window: readCreatedWindow(request.query),
        guard: holdsEveryEndpointScope(request.principal),
      });
      return sendRecord(reply, body, 'webhook_endpoint', request.params.id);
    },
  );

  app.get(
    '/v1/webhook_endpoints/:id/attempts/:attempt_id',
    {
      config: SCOPE,
      schema: {
        operationId: 'retrieveWebhookEndpointAttempt',
        tags: TAGS,
        summary: "Retrieve one of a webhook endpoint's delivery attempts",
        description: "One attempt as the attempts log shows it. Needs a key holding every scope of the endpoint, as the log does.",
        params: AttemptParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('WebhookAttempt'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, attempt_id: attemptId } = request.params;
      const found = await getAttempt(pool, request.principal.clubId, id, attemptId, holdsEveryEndpointScope(request.principal));
      // Named after the path's last record, as every nested route's 404 is (input-guard.ts).
      if (!found?.body) throw ApiError.notFound('attempt', attemptId);
      return sendRendered(reply, found.body);
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id/test',
    {
      config: SCOPE,
      schema: {
        operationId: 'testWebhookEndpoint',
        tags: TAGS,
        summary: 'Send a test signal to a webhook endpoint',
        description:
          'Posts one signed test signal (type webhook_endpoint.test, sequence 0, the endpoint as its data.object; in no ' +
          "history) to the endpoint now, as a delivery is posted, and answers with it and its attempt, which the attempts log " +
          'also shows. Not retried; changes no delivery and nothing of the endpoint\'s health. A disabled endpoint may be ' +
          'tested too. The body is optional. Needs a key holding every scope of the endpoint.',
        params: IdParams,
        querystring: NoQuery,
        body: TestBody,
        response: { 200: Type.Ref('WebhookTest'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await sendTestSignal({ pool, secretBox, config }, request.principal.clubId, request.params.id, holdsEveryEndpointScope(request.principal));
      return sendRecord(reply, body, 'webhook_endpoint', request.params.id);
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id/resend',
    {
      config: SCOPE,
      schema: {
        operationId: 'resendWebhookEndpointSignal',
        tags: TAGS,
        summary: 'Send one signal to a webhook endpoint again',
        description:
          'Queues the signal for the endpoint again, whatever became of its delivery (succeeded, given up, waiting for a ' +
          'retry), from the first attempt of the retry schedule. The receiver gets the same webhook-id, in the endpoint\'s ' +
          'ordering and at its pace. 404 for a signal the key may not read or that retention removed; 400 for one the ' +
          'endpoint does not subscribe to. The endpoint must be active. Needs a key holding every scope of the endpoint.',
        params: IdParams,
        querystring: NoQuery,
        body: ResendBody,
        response: { 202: Type.Ref('WebhookResend'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await resendSignal(pool, {
        clubId: request.principal.clubId,
        endpointId: request.params.id,
        signalId: request.body.signal_id,
        scopes: [...request.principal.scopes],
        guard: holdsEveryEndpointScope(request.principal),
      });
      switch (result.outcome) {
        case 'missing':
          throw ApiError.notFound('webhook_endpoint', request.params.id);
        case 'disabled':
          throw endpointDisabled(result.reason, 'sending again');
        case 'no_signal':
          throw new ApiError(
            404,
            'not_found_error',
            'resource_missing',
            `No such signal: '${request.body.signal_id}'. Signals are kept for ${config.signalRetentionDays} days.`,
            'signal_id',
          );
        case 'not_subscribed':
          throw ApiError.invalidParam(
            'signal_id',
            `This endpoint does not receive ${result.type} signals (its signal_types or scopes leave them out), so there is nothing to send again.`,
          );
        case 'queued':
          return sendRendered(reply.code(202), result.body);
      }
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id/recover',
    {
      config: SCOPE,
      schema: {
        operationId: 'recoverWebhookEndpoint',
        tags: TAGS,
        summary: 'Re-send missed signals to a webhook endpoint',
        description:
          'Queues again every signal emitted in [since, until] (both inclusive; until defaults to now) that the endpoint ' +
          'matches and that was never delivered to it successfully. since may go back as far as signals are kept. The ' +
          'endpoint must be active. Needs a key holding every scope of the endpoint.',
        params: IdParams,
        querystring: NoQuery,
        body: RecoverBody,
        response: { 202: Type.Ref('WebhookRecovery'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const since = readBound('since', request.body.since);
      const until = readBound('until', request.body.until);
      checkWindow(since, until);
      const now = Date.now();
      const retentionDays = config.signalRetentionDays;
      if (since.at.ms < now - retentionDays * DAY_MS) {
        throw ApiError.invalidParam(
          'since',
          `Invalid since: signals are kept for ${retentionDays} days, so since may be at most ${retentionDays} days ago.`,
        );
      }
      if (until === undefined && since.at.ms > now) {
        throw ApiError.invalidParam('since', 'Invalid since: it is in the future, so there is nothing to recover yet.');
      }
      const window = toCreatedWindow(since, until);
      const result = await recoverDeliveries(pool, {
        clubId: request.principal.clubId,
        endpointId: request.params.id,
        window: { fromMs: window.fromMs!, untilMs: window.untilMs },
        guard: holdsEveryEndpointScope(request.principal),
      });
      if (result.outcome === 'missing') throw ApiError.notFound('webhook_endpoint', request.params.id);
      if (result.outcome === 'disabled') throw endpointDisabled(result.reason, 'recovering');
      return sendRendered(reply.code(202), result.body);
    },
  );
};

/** 400 endpoint_disabled: a disabled endpoint takes no deliveries until it is enabled again. */
function endpointDisabled(reason: string, doing: string): ApiError {
  return new ApiError(
    400,
    'invalid_request_error',
    'endpoint_disabled',
    `This endpoint is disabled (${reason}); re-enable it with status=active before ${doing}.`,
    'id',
  );
}

export default webhookEndpoints;
