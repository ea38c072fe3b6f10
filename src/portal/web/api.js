// @ts-check
// The portal's calls: the API's own routes under /portal/api (the session cookie stands for the
// key), the session's CSRF token sent with every change, and the API's error envelope kept
// whole, so a page shows the API's own message and marks the field it names (`param`).

/**
 * @typedef {{ id: string, club_id: string, mode: 'manage' | 'read_only', scopes: string[], expires_at: string, csrf_token: string }} Session
 * @typedef {{ type: string, code: string, message: string, param?: string }} ApiErrorBody
 * @typedef {{
 *   id: string, url: string, description: string, scopes: string[], signal_types: string[],
 *   signature_scheme: 'v1' | 'v1a', public_key: string | null, status: 'active' | 'disabled',
 *   disabled_reason: string | null, ordering: 'none' | 'per_resource', max_in_flight: number | null,
 *   rate_limit: number | null, pace: { effective_rate: number | null, paused_until: string | null },
 *   health: { failing_since: string | null, disable_at: string | null, last_success_at: string | null,
 *             pending_deliveries: number, given_up_deliveries: number },
 *   created_at: string, secret?: string | null
 * }} Endpoint
 * @typedef {{
 *   attempts_24h: { attempted: number, succeeded: number, failed: number, success_rate: number | null },
 *   sync: { latest_sequence: number, received_through: number, behind: number, pending: number, unsent: number, unsent_since: string | null }
 * }} EndpointHealth
 * @typedef {{
 *   id: string, endpoint_id: string, signal_id: string, attempt_number: number, outcome: 'succeeded' | 'failed',
 *   attempted_at: string, status_code: number | null, error: string | null, duration_ms: number, response_excerpt: string
 * }} Attempt
 * @typedef {{ id: string, type: string, created: string, sequence: number, data: { object: { id: string } & Record<string, unknown> } }} Signal
 * @typedef {{ type: string, scope: string, description: string, schema: Record<string, unknown> }} SignalType
 */

/**
 * @template T
 * @typedef {{ data: T[], has_more: boolean }} List
 */

let csrfToken = '';

/**
 * Whether a signal id is a test signal's (POST …/test): in no history, so never kept nor sent again.
 * @param {string} signalId
 */
export function isTestSignal(signalId) {
  return signalId.startsWith('sig_test_');
}

/** An answer of the API that is not a success, with its envelope's error. */
export class ApiFailure extends Error {
  /**
   * @param {number} status
   * @param {ApiErrorBody} error
   */
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

/**
 * The session this page's cookie holds, or null when there is none (never started, ended, expired).
 * @returns {Promise<Session | null>}
 */
export async function loadSession() {
  const response = await fetch('/portal/session', { headers: { accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw new ApiFailure(response.status, await errorOf(response));
  const session = /** @type {Session} */ (await readJson(response));
  csrfToken = session.csrf_token;
  return session;
}

/**
 * Ends the session (its cookie is cleared too).
 */
export async function endSession() {
  const response = await fetch('/portal/session', { method: 'DELETE', headers: { 'x-csrf-token': csrfToken } });
  if (!response.ok && response.status !== 401) throw new ApiFailure(response.status, await errorOf(response));
}

/**
 * Calls the API as the session: GET reads, any other method changes (with the CSRF token).
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} path after /v1, with its query
 * @param {unknown} [body]
 * @returns {Promise<unknown>}
 */
export async function api(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' };
  /** @type {RequestInit} */
  const init = { method, headers };
  if (method !== 'GET') {
    headers['x-csrf-token'] = csrfToken;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }
  const response = await fetch(`/portal/api/v1${path}`, init);
  if (!response.ok) throw new ApiFailure(response.status, await errorOf(response));
  return readJson(response);
}

/**
 * A response's JSON body, as a value still to be checked or cast.
 * @param {Response} response
 * @returns {Promise<unknown>}
 */
export async function readJson(response) {
  /** @type {unknown} */
  const value = await response.json();
  return value;
}

/**
 * The error a failed answer carries: the API's envelope, or what its status says.
 * @param {Response} response
 * @returns {Promise<ApiErrorBody>}
 */
export async function errorOf(response) {
  try {
    const body = /** @type {{ error?: ApiErrorBody }} */ (await readJson(response));
    if (body.error) return body.error;
  } catch {
    // Not the envelope (a proxy's page): said below.
  }
  return { type: 'api_error', code: 'unexpected', message: `The service answered ${response.status}.` };
}
