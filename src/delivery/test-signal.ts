// A test signal (docs/webhooks.md, "Sending a test signal"): one signed POST to one endpoint,
// made at once by the process that was asked, so that an endpoint's owner sees at once whether
// their receiver answers and verifies. It is signed, posted and guarded exactly as a delivery
// is (signDelivery, postDelivery, the same address guard and timeout), and its attempt goes to
// the endpoint's attempts log. It is no signal of the club's history (type
// webhook_endpoint.test, sequence 0, an id of its own), it is not retried, and it changes no
// delivery and nothing of the endpoint's health or state.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Pool } from '../db/pool.ts';
import { readTestTarget, recordTestAttempt, type EndpointGuard } from '../db/webhook-endpoints.ts';
import type { SecretBox } from '../domain/secrets.ts';
import { signDelivery } from '../domain/signing.ts';
import { addressGuardOf, postDelivery } from './http-client.ts';

/** Ids no signal of a history has (theirs are sig_ and hex): the portal tells test attempts by it. */
const TEST_SIGNAL_PREFIX = 'sig_test_';

/** The test signal sent and its attempt, as one JSON text; null without the endpoint. */
export async function sendTestSignal(
  deps: { pool: Pool; secretBox: SecretBox; config: Config },
  clubId: string,
  endpointId: string,
  guard: EndpointGuard,
): Promise<string | null> {
  const signalId = TEST_SIGNAL_PREFIX + randomBytes(12).toString('hex');
  const target = await readTestTarget(deps.pool, clubId, endpointId, signalId, guard);
  if (target === null) return null;
  const attemptedAt = new Date();
  const secrets = [target.secret, ...(target.previousSecret ? [target.previousSecret] : [])].map((sealed) => deps.secretBox.open(sealed));
  const headers = signDelivery({ signalId, timestampSeconds: Math.floor(attemptedAt.getTime() / 1000), body: target.body, secrets });
  const outcome = await postDelivery({
    url: target.url,
    headers,
    body: target.body,
    timeoutMs: deps.config.delivery.timeoutMs,
    guard: addressGuardOf(deps.config.environment),
  });
  const attempt = await recordTestAttempt(deps.pool, {
    clubId,
    endpointId,
    signalId,
    attemptedAt,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.responseExcerpt,
  });
  return `{"object" : "webhook_test", "endpoint_id" : ${JSON.stringify(endpointId)}, "signal" : ${target.body}, "attempt" : ${attempt}}`;
}
