// Share-preview meta for /project/{slug or id} (SPEC §2), written into the page by the server,
// with the read cache's tags of what it shows.
import { projectShareMeta } from '../../../shared/share-meta';
import type { TContext } from '../../context';
import { PROJECT_LISTS_TAG, projectPageTags, UNTOUCHED_BY_WRITES } from '../../lib/cache-tags';
import type { TPageWithMeta } from '../../http/spa';
import { peekProject } from './projects.service';

const PROJECT_PATH = /^\/project\/([^/]+)\/?$/i;
const NO_META: TPageWithMeta = { meta: null, tags: UNTOUCHED_BY_WRITES };

export async function projectPageMeta(ctx: TContext, path: string): Promise<TPageWithMeta> {
  const match = PROJECT_PATH.exec(path);
  if (!match) return NO_META;
  let param: string;
  try {
    param = decodeURIComponent(match[1]!);
  } catch {
    return NO_META;
  }
  const project = await peekProject(ctx, /^\d+$/.test(param) ? { id: Number(param) } : { slug: param });
  // Not there yet: the page gets its meta when a project appears at this address.
  if (!project) return { meta: null, tags: [PROJECT_LISTS_TAG] };
  return { meta: projectShareMeta(project, { siteName: ctx.config.siteName, origin: ctx.config.publicUrl }), tags: projectPageTags(project) };
}
