import type { TContext } from '../../context';
import { notFound } from '../../http/errors';
import { listMediaOfProjects, mediaToApi } from '../media/media.repo';
import { findProjectById } from './projects.repo';

/** Shown when a project has no still image to share (a video without a poster). */
export const DEFAULT_OG_IMAGE = '/og-default.png';

/** Where the project's 1200×630 share image lives: the cover's og rendition when it has one. */
export async function ogImageLocation(ctx: TContext, projectId: number): Promise<string> {
  const project = await findProjectById(ctx.db, projectId);
  if (!project) throw notFound('Project not found');
  const cover = (await listMediaOfProjects(ctx.db, [project.id])).get(project.id)?.[0];
  const variants = cover ? mediaToApi(cover).variants : undefined;
  return variants?.og?.url ?? variants?.poster?.url ?? DEFAULT_OG_IMAGE;
}
