import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: routes for transactions are being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
