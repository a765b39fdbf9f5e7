import { Gallery } from '@/components/gallery/Gallery';
import { Hero } from '@/components/home/Hero';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <PageContainer>
        <Gallery title="Featured Projects" />
      </PageContainer>
    </>
  );
}
