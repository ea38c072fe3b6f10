import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: routes for club are being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
