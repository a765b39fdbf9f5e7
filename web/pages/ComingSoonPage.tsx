// Stand-in for a route that a later step builds (issue 2, section 5).
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function ComingSoonPage({ name }: { name: string }) {
  useDocumentTitle(name);
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-violet-50 text-accent">
        <Hourglass className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-semibold">{name}</h1>
      <p className="max-w-md text-zinc-600">The {name} page is coming soon. We're building it right now.</p>
      <Button asChild variant="outline">
        <Link to="/">Back to home</Link>
      </Button>
    </PageContainer>
  );
}
