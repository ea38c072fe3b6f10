import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: routes for schedule are being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
