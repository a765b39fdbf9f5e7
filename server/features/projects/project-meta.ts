// Share-preview meta for /project/{slug or id} (SPEC §2): 'title by name | site'.
import type { TContext } from '../../context';
import type { TPageMeta } from '../../http/page-meta';
import { DEFAULT_OG_IMAGE } from './og-image';
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
  const base = ctx.config.publicUrl;
  const cover = project.media[0]?.variants;
  const shareImage = cover?.og?.url ?? cover?.poster?.url ?? DEFAULT_OG_IMAGE;
  const description = (project.description ?? `${project.title} — AI work by ${project.user.name} on ${ctx.config.siteName}`).slice(0, 300);
  return {
    title: `${project.title} by ${project.user.name} | ${ctx.config.siteName}`,
    description,
    url: `${base}/project/${project.id}`,
    image: new URL(shareImage, `${base}/`).toString(),
    keywords: project.tags,
    type: 'article',
    author: project.user.name,
    section: project.categories[0] ?? project.category,
    tags: project.tags,
    publishedTime: project.createdAt,
  };
}
