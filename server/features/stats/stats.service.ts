import type { TSiteStats } from '../../../shared/schemas/contact';
import type { TContext } from '../../context';
import { siteTotals } from './stats.repo';

/** The For Creators strip (SPEC §2): members, projects, and every project's views and likes. */
export function siteStats(ctx: TContext): Promise<TSiteStats> {
  return siteTotals(ctx.db);
}
