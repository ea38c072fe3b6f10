// The endpoint portal (docs/portal.md): pages under /portal where a club's integrator sees and
// fixes their webhooks, with no API key in the browser. Served by this process, needing nothing
// beyond it: one HTML shell for every page, the scripts and style of web/ as they are on disk
// (plain JavaScript modules, type-checked with JSDoc; no build step, no framework, no CDN), the
// session routes, and the API's own routes mounted again under /portal/api for the pages to
// call with their session cookie (auth.ts, access.ts). So the portal validates, refuses and
// words its errors exactly as the API does: there is no second copy of a rule.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { endPortalSessionByHash, redeemPortalLink, type LinkRefusal } from '../db/portal-sessions.ts';
import {
  generatePortalToken,
  hashPortalToken,
  isWellFormedPortalToken,
  PORTAL_LINK_PREFIX,
  PORTAL_SESSION_PREFIX,
  PORTAL_SESSION_TTL_MS,
} from '../domain/portal-sessions.ts';
import { ApiError } from '../errors.ts';
import { NoQuery } from '../schemas/common.ts';
import { PortalSessionStateSchema, RedeemPortalLinkBody } from '../schemas/portal-sessions.ts';
import { checkChangeFromPortal, checkSameOrigin, csrfTokenOf, noSession, PORTAL_COOKIE, portalHeaders, readPortalSession } from './access.ts';

/** The pages: each is the shell; its script (web/app.js) renders the page its path names. */
export const PORTAL_PAGES = ['/portal/', '/portal/start', '/portal/endpoint', '/portal/new', '/portal/attempt', '/portal/catalogue', '/portal/tail', '/portal/verify'];

const WEB_DIR = join(import.meta.dirname, 'web');
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

/** Every script, style and icon of web/, read once: the only files /portal/assets/ serves (no path is ever joined from a request). */
function readAssets(): Map<string, { body: Buffer; type: string }> {
  const assets = new Map<string, { body: Buffer; type: string }>();
  for (const entry of readdirSync(WEB_DIR, { recursive: true, withFileTypes: true })) {
    const type = TYPES[extname(entry.name)];
    if (!entry.isFile() || type === undefined) continue;
    const path = join(entry.parentPath, entry.name);
    assets.set(relative(WEB_DIR, path).split('\\').join('/'), { body: readFileSync(path), type });
  }
  return assets;
}

// The shell every page is: a landmark for each part, a skip link, and the script that fills
// <main>. Nothing inline, so the Content-Security-Policy allows no inline script or style.
const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Webhook portal</title>
<link rel="icon" href="/portal/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/portal/assets/portal.css">
<script type="module" src="/portal/assets/app.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header id="top"></header>
<main id="main" tabindex="-1"><p class="loading">Loading…</p></main>
</body>
</html>
`;

const REFUSALS: Record<LinkRefusal, [string, string]> = {
  unknown: ['portal_link_invalid', 'This is not a portal link, or not one of this service: ask for a new link.'],
  used: ['portal_link_used', 'This portal link was opened already; a link starts one session only: ask for a new link.'],
  expired: ['portal_link_expired', 'This portal link has expired (a link works for 10 minutes): ask for a new link.'],
  ended: ['portal_link_invalid', 'This portal session was ended, or the key that made it no longer works: ask for a new link.'],
};

/** The API's route plugins the portal's pages call, mounted under /portal/api. */
export type PortalApiRoutes = FastifyPluginAsync[];

const portal = (apiRoutes: PortalApiRoutes): FastifyPluginAsync =>
  async function portalRoutes(app: FastifyInstance) {
    const { pool, config } = app;
    const secure = config.environment !== 'development';
    const assets = readAssets();

    // Every answer under /portal carries the portal's headers, set before anything else runs so
    // that a refusal has them too; none of these routes is in the OpenAPI document.
    const headers = (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      portalHeaders(reply, config.portalFrameAncestors);
      done();
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      route.onRequest = [headers, ...(route.onRequest === undefined ? [] : [route.onRequest].flat())];
      route.schema = { ...route.schema, hide: true };
    });

    for (const url of PORTAL_PAGES) {
      app.get(url, async (_request, reply) => reply.type('text/html; charset=utf-8').send(SHELL));
    }
    app.get('/portal', async (_request, reply) => reply.redirect('/portal/'));
    app.get('/portal/assets/*', async (request, reply) => {
      const asset = assets.get((request.params as { '*': string })['*']);
      if (!asset) throw new ApiError(404, 'invalid_request_error', 'resource_missing', 'No such portal file.');
      return reply.type(asset.type).send(asset.body);
    });

    app.post('/portal/session', { schema: { querystring: NoQuery, body: RedeemPortalLinkBody } }, async (request, reply) => {
      checkSameOrigin(request, config.publicUrl);
      const { token } = request.body as { token: string };
      const refusal = (why: LinkRefusal) => {
        const [code, message] = REFUSALS[why];
        return new ApiError(400, 'invalid_request_error', code, message, 'token');
      };
      if (!isWellFormedPortalToken(token, PORTAL_LINK_PREFIX)) throw refusal('unknown');
      const sessionToken = generatePortalToken(PORTAL_SESSION_PREFIX);
      const result = await redeemPortalLink(pool, hashPortalToken(token), hashPortalToken(sessionToken), PORTAL_SESSION_TTL_MS);
      if ('refused' in result) throw refusal(result.refused);
      return reply.header('set-cookie', cookie(sessionToken, PORTAL_SESSION_TTL_MS / 1000, secure)).code(204).send();
    });

    app.get('/portal/session', { schema: { querystring: NoQuery, response: { 200: PortalSessionStateSchema } } }, async (request, reply) => {
      const found = await readPortalSession(pool, request);
      if (!found) throw noSession();
      const { session, token } = found;
      return reply.send({
        id: session.id,
        object: 'portal_session',
        club_id: session.clubId,
        mode: session.mode,
        scopes: session.scopes,
        expires_at: session.expiresAt,
        csrf_token: csrfTokenOf(token),
      });
    });

    // "End session": the same checks as any change (origin, CSRF), a read-only session included.
    app.delete('/portal/session', { schema: { querystring: NoQuery } }, async (request, reply) => {
      const found = await readPortalSession(pool, request);
      if (!found) throw noSession();
      checkChangeFromPortal(request, found.token, config.publicUrl);
      await endPortalSessionByHash(pool, hashPortalToken(found.token));
      return reply.header('set-cookie', cookie('', 0, secure)).code(204).send();
    });

    await app.register(
      async (api) => {
        api.addHook('onRoute', (route: RouteOptions) => {
          route.config = { ...(route.config as object), portal: true };
        });
        for (const routes of apiRoutes) await api.register(routes);
      },
      { prefix: '/portal/api' },
    );
  };

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${PORTAL_COOKIE}=${value}`, 'Path=/portal', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])].join('; ');
}

export default portal;
