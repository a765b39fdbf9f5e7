// A collection row as the API shows it to one viewer.
import type { TCollection } from '../../../shared/schemas/collection';
import type { TMedia } from '../../../shared/schemas/media';
import type { CollectionRow } from '../../db/schema';

export interface TCollectionParts {
  owner: { id: number; name: string; profileImageUrl: string | null };
  projectCount: number;
  cover: { media: TMedia; isMature: boolean } | null;
  viewerId: number | null;
  /** Whether it holds the project a `?projectId=` asked about; null when none was asked about. */
  hasProject: boolean | null;
}

export function toCollection(row: CollectionRow, parts: TCollectionParts): TCollection {
  return {
    id: row.id,
    name: row.name,
    isPublic: row.is_public === 1,
    projectCount: parts.projectCount,
    cover: parts.cover,
    owner: parts.owner,
    isOwner: parts.viewerId === row.user_id,
    hasProject: parts.hasProject,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
