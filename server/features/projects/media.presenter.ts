// A stored media row as the API describes it.
import type { TAiMetadata, TMedia, TMediaVariants } from '../../../shared/schemas/media';
import type { ProjectMediaRow } from '../../db/schema';

export function toMedia(row: ProjectMediaRow): TMedia {
  return {
    id: row.id,
    url: row.url,
    type: row.kind,
    mime: row.mime,
    size: row.size_bytes,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: JSON.parse(row.variants) as TMediaVariants,
    aiMetadata: row.ai_metadata ? (JSON.parse(row.ai_metadata) as TAiMetadata) : null,
    status: row.status,
  };
}
