import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: routes for events are being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
