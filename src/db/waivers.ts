// The waiver log as the API shows it; the JSON, computed status included, comes from
// cd_render_waiver (sql/1-render/).
import type { CreatedWindow } from '../domain/timestamps.ts';
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import type { Read } from './watermark.ts';
import { createdWindowConditions } from './time-window.ts';

export interface WaiverListFilter {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  /** Applied to signed_at, the signature time. */
  window: CreatedWindow;
}

export function listWaivers(pool: Pool, filter: WaiverListFilter): Promise<Read> {
  return listPage(
    pool,
    {
      table: 'waiver_signatures',
      sortKey: 'signed_at',
      render: () => '(SELECT r FROM cd_render_waiver(t) r)',
      where: (p) => createdWindowConditions(p, 'signed_at', filter.window),
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/waivers' },
  );
}
