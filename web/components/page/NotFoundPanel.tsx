// A page whose thing is not there (a project, creator, collection or job): its icon, the SPEC's
// title and text, and one way back. The document title says the same.
import type { LucideIcon } from 'lucide-react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { cn } from '@/lib/cn';
import { PageContainer } from './PageContainer';

interface NotFoundPanelProps {
  icon: LucideIcon;
  title: string;
  text: string;
  back: { to: string; label: string };
  /** The project's own accent (SPEC's project not-found view); the others are neutral. */
  accent?: boolean;
}

export function NotFoundPanel({ icon: Icon, title, text, back, accent = false }: NotFoundPanelProps) {
  useDocumentTitle(title, text);
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <span className={cn('flex h-14 w-14 items-center justify-center rounded-full', accent ? 'bg-violet-50 text-accent' : 'bg-zinc-100 text-zinc-500')}>
        <Icon className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="max-w-md text-zinc-600">{text}</p>
      <Button asChild variant="outline">
        <Link to={back.to}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {back.label}
        </Link>
      </Button>
    </PageContainer>
  );
}
