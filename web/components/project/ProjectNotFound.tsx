import { ImageOff } from 'lucide-react';
import { NotFoundPanel } from '@/components/page/NotFoundPanel';

/** SPEC §2 and §8: shown for a missing project and for any failure to load one. */
export function ProjectNotFound() {
  return <NotFoundPanel icon={ImageOff} accent title="Project not found" text="The project you're looking for doesn't exist or has been removed." back={{ to: '/', label: 'Back to Projects' }} />;
}
