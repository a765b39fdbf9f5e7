// Share-preview meta for /project/{slug or id} (SPEC §2), written into the page by the server,
// with the read cache's tags of what it shows.
import { projectShareMeta } from '../../../shared/share-meta';
import type { TContext } from '../../context';
import { PROJECT_LISTS_TAG, projectPageTags, UNTOUCHED_BY_WRITES } from '../../lib/cache-tags';
import type { TPageWithMeta } from '../../http/spa';
import type { TViewer } from '../social/social.service';
import { isViewAlreadyCounted, peekProject, type TProjectKey } from './projects.service';

const PROJECT_PATH = /^\/project\/([^/]+)\/?$/i;
const NO_META: TPageWithMeta = { meta: null, tags: UNTOUCHED_BY_WRITES };

/** The project a page address names, as the client reads it (SPEC §2: a number is an id); null for other pages. */
function projectKeyOf(path: string): TProjectKey | null {
  const match = PROJECT_PATH.exec(path);
  if (!match) return null;
  let param: string;
  try {
    param = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return /^\d+$/.test(param) ? { id: Number(param) } : { slug: param };
}

export async function projectPageMeta(ctx: TContext, path: string): Promise<TPageWithMeta> {
  const key = projectKeyOf(path);
  if (!key) return NO_META;
  const project = await peekProject(ctx, key);
  // Not there yet: the page gets its meta when a project appears at this address.
  if (!project) return { meta: null, tags: [PROJECT_LISTS_TAG] };
  return { meta: projectShareMeta(project, { siteName: ctx.config.siteName, origin: ctx.config.publicUrl }), tags: projectPageTags(project) };
}

/**
 * A project's rendered page counts the visitor's view (the renderer reads the project as them):
 * the cached page may be served only once their view of today is counted. Other pages count nothing.
 */
export function pageViewCounted(ctx: TContext, path: string, viewer: TViewer): boolean {
  const key = projectKeyOf(path);
  return key === null || isViewAlreadyCounted(ctx, key, viewer);
}
