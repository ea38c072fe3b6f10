// The endpoints' health in the pipeline's metrics (src/metrics.ts): how many are healthy, failing
// and disabled, and which need someone, at most ENDPOINT_SERIES of them. Read from the database,
// so every worker process shows the same figures whichever endpoints it serves.
import { endpointHealthSummary } from '../../src/db/webhook-endpoints.ts';
import type { Pool } from '../../src/db/pool.ts';
import { ENDPOINT_SERIES, type DeliveryMetrics } from '../../src/metrics.ts';

/** Sets the endpoint gauges from the database; the per-endpoint series of endpoints healthy again go. */
export async function showEndpointHealth(pool: Pool, metrics: DeliveryMetrics): Promise<void> {
  const { counts, unhealthy } = await endpointHealthSummary(pool, ENDPOINT_SERIES);
  for (const [state, n] of Object.entries(counts)) metrics.endpoints.set({ state }, n);
  metrics.endpointState.reset();
  metrics.endpointGivenUp.reset();
  for (const e of unhealthy) {
    metrics.endpointState.set({ club_id: e.clubId, endpoint_id: e.endpointId, state: e.state }, 1);
    metrics.endpointGivenUp.set({ club_id: e.clubId, endpoint_id: e.endpointId }, e.givenUp);
  }
}
