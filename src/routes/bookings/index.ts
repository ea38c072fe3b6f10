import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// PLACEHOLDER: routes for bookings are being written.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
