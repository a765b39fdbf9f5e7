import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TProject } from '@shared/schemas/project';

const PROJECTS_KEY = ['/api/projects'] as const;

/** Explore (SPEC §2): a random project from the cached project list, or home when none is cached. */
export function useExplore(): () => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  return () => {
    const projects = client.getQueryData<Pick<TProject, 'id' | 'slug'>[]>(PROJECTS_KEY) ?? [];
    const pick = projects[Math.floor(Math.random() * projects.length)];
    void navigate(pick ? `/project/${pick.slug || pick.id}` : '/');
  };
}
