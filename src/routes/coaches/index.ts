import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: routes for coaches are being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
