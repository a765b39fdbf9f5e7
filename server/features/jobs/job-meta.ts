// Share-preview meta for /jobs/{id}, written into the page by the server, with the read cache's
// tags of what it shows (the board's: a job goes live, changes or ends with it).
import { jobShareMeta } from '../../../shared/job-share-meta';
import type { TContext } from '../../context';
import type { TPageWithMeta } from '../../http/spa';
import { JOB_BOARD_TAG } from '../../lib/cache-tags';
import { peekLiveJob } from './jobs.service';

const JOB_PATH = /^\/jobs\/(\d{1,15})\/?$/i;

/** Whether the address is a job's page (the client's route /jobs/:id). */
export function isJobPagePath(path: string): boolean {
  return JOB_PATH.test(path);
}

export async function jobPageMeta(ctx: TContext, path: string): Promise<TPageWithMeta> {
  const id = Number(JOB_PATH.exec(path)?.[1]);
  const job = Number.isSafeInteger(id) && id > 0 ? await peekLiveJob(ctx, id) : null;
  // Not live (or not there): the site's meta, until the job goes live at this address.
  if (!job) return { meta: null, tags: [JOB_BOARD_TAG] };
  return { meta: jobShareMeta(job, { siteName: ctx.config.siteName, origin: ctx.config.publicUrl }), tags: [JOB_BOARD_TAG] };
}
