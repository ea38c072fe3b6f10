import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: routes for orders are being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
