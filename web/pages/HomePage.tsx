import { Gallery } from '@/components/gallery/Gallery';
import { Hero } from '@/components/home/Hero';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function HomePage() {
  useDocumentTitle(undefined, "Discover the world's top AI creators: see what today's leading AI-native designers are building and hire them before everyone else does.");
  return (
    <>
      <Hero />
      <PageContainer>
        <Gallery title="Featured Projects" />
      </PageContainer>
    </>
  );
}
