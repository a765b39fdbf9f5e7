// Per-project document metadata (SPEC §2): title, description, keywords, article and share-preview
// tags while the project page is open, and exactly what was there before once it is left (see
// useShareMeta). The tags come from shared/share-meta.ts, the rule the server writes them into
// the page by.
import { useMemo } from 'react';
import type { TProject } from '@shared/schemas/project';
import { projectShareMeta } from '@shared/share-meta';
import { useShareMeta } from '@/hooks/useShareMeta';

export function useProjectMeta(project: TProject | undefined): void {
  useShareMeta(useMemo(() => (project ? (site: { siteName: string; origin: string }) => projectShareMeta(project, site) : undefined), [project]));
}
