import { Images } from 'lucide-react';
import { Hero } from '@/components/home/Hero';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <PageContainer>
        <section data-tour="projects" aria-labelledby="featured-heading" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
          <Images className="h-8 w-8 text-zinc-400" aria-hidden />
          <h2 id="featured-heading" className="text-xl font-semibold">
            Featured projects are coming soon
          </h2>
          <p className="max-w-md text-sm text-zinc-600">
            The gallery of the community's best AI-made images, gifs and videos arrives with the next update.
          </p>
        </section>
      </PageContainer>
    </>
  );
}
