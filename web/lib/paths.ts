// Where the client's pages live, for links built from data.
import type { TProject } from '@shared/schemas/project';

/** SPEC §2: a project's page by its slug, else its id. */
export function projectPath(project: Pick<TProject, 'id' | 'slug'>): string {
  return `/project/${project.slug || project.id}`;
}

/** A creator's public page. */
export function creatorPath(userId: number): string {
  return `/creator/${userId}`;
}

/** A collection's page. */
export function collectionPath(collectionId: number): string {
  return `/collections/${collectionId}`;
}
