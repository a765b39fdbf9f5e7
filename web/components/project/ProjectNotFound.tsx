import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

/** SPEC §2 and §8: shown for a missing project and for any failure to load one. */
export function ProjectNotFound() {
  useDocumentTitle('Project not found', "The project you're looking for doesn't exist or has been removed.");
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-violet-50 text-accent">
        <ImageOff className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-semibold">Project not found</h1>
      <p className="max-w-md text-zinc-600">The project you're looking for doesn't exist or has been removed.</p>
      <Button asChild variant="outline">
        <Link to="/">Back to Projects</Link>
      </Button>
    </PageContainer>
  );
}
