// Share-preview meta for /project/{slug or id} (SPEC §2), written into the page by the server.
import { projectShareMeta, type TPageMeta } from '../../../shared/share-meta';
import type { TContext } from '../../context';
import { peekProject } from './projects.service';

const PROJECT_PATH = /^\/project\/([^/]+)\/?$/i;

export async function projectPageMeta(ctx: TContext, path: string): Promise<TPageMeta | null> {
  const match = PROJECT_PATH.exec(path);
  if (!match) return null;
  let param: string;
  try {
    param = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const project = await peekProject(ctx, /^\d+$/.test(param) ? { id: Number(param) } : { slug: param });
  if (!project) return null;
  return projectShareMeta(project, { siteName: ctx.config.siteName, origin: ctx.config.publicUrl });
}
