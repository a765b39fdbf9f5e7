import { useCurrentUser } from '@/api/auth';
import { Gallery } from '@/components/gallery/Gallery';
import { Hero } from '@/components/home/Hero';
import { MemberHeader } from '@/components/home/MemberHeader';
import { HydrateLater } from '@/components/page/HydrateLater';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function HomePage() {
  useDocumentTitle(undefined, "Discover the world's top AI creators: see what today's leading AI-native designers are building and hire them before everyone else does.");
  // Visitors (and the server's render, before anyone is known) get the hero; members a compact header and their Following feed.
  const { user } = useCurrentUser();
  return (
    <>
      {user ? (
        <MemberHeader user={user} />
      ) : (
        <HydrateLater>
          <Hero />
        </HydrateLater>
      )}
      <PageContainer>
        <Gallery withFollowing={user !== null} />
      </PageContainer>
    </>
  );
}
