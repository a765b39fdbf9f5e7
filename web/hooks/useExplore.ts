import { useNavigate } from 'react-router';
import { fetchRandomProject } from '@/api/projects';

/** Explore (SPEC §2, issue 3): a random project from the whole gallery, or home when there is none. */
export function useExplore(): () => void {
  const navigate = useNavigate();
  return () => {
    void fetchRandomProject().then(
      (project) => navigate(`/project/${project.slug || project.id}`),
      () => navigate('/'),
    );
  };
}
