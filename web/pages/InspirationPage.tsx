// /inspiration (SPEC §2 Inspiration, issue 4): trending tag chips and the Trending / Recent / Popular tabs.
import { Sparkles } from 'lucide-react';
import { DiscoverTabs } from '@/components/inspiration/DiscoverTabs';
import { TrendingTags } from '@/components/inspiration/TrendingTags';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function InspirationPage() {
  useDocumentTitle('Inspiration', 'Discover creative inspiration: trending, recent and popular work from AI creators.');
  return (
    <PageContainer className="flex flex-col gap-10">
      <header className="flex flex-col items-center gap-4 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-violet-50 text-accent">
          <Sparkles className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="text-3xl font-semibold">Discover Creative Inspiration</h1>
        <p className="max-w-2xl text-zinc-600">Explore what AI creators are making right now: the work everyone is talking about, the latest uploads and the all-time favourites.</p>
        <TrendingTags />
      </header>
      <DiscoverTabs />
    </PageContainer>
  );
}
