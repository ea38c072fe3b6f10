// Operator surfaces: Prometheus metrics at /metrics, behind the operator credentials
// (OPERATOR_USER / OPERATOR_PASSWORD, HTTP Basic). Without credentials configured the
// operator routes answer 404, as if absent: nothing operational is ever exposed by default.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DeliveryMetrics } from '../metrics.ts';
import { ApiError } from '../errors.ts';

export interface OperatorOptions {
  operator: { user: string; password: string } | undefined;
  metrics: DeliveryMetrics;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function checkOperator(operator: OperatorOptions['operator'], request: FastifyRequest): void {
  if (!operator) throw new ApiError(404, 'not_found_error', 'resource_missing', `Unrecognized request URL (${request.method} ${request.url.split('?')[0]}).`);
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const [user, ...rest] = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':') : [];
  if (!match || !same(user ?? '', operator.user) || !same(rest.join(':'), operator.password)) {
    throw new ApiError(401, 'authentication_error', 'operator_credentials_invalid', 'Operator credentials required.', undefined, {
      'www-authenticate': 'Basic realm="clubdata operators", charset="UTF-8"',
    });
  }
}

export default fp<OperatorOptions>(
  async function operators(app: FastifyInstance, options: OperatorOptions) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      checkOperator(options.operator, request);
      return reply.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics());
    });
  },
  { name: 'operators' },
);
