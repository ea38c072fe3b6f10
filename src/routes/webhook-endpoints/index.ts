import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: the webhook endpoints API is being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
