import { useSiteName } from '@/api/site';
import { SiteName } from '@/components/layout/SiteName';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function AboutPage() {
  const siteName = useSiteName();
  useDocumentTitle('About', `Why ${siteName} exists: a home where AI-native creators are discovered, credited and hired for what they make.`);
  return (
    <PageContainer width="prose">
      <h1 className="text-3xl font-semibold tracking-tight">About <SiteName /></h1>
      <h2 className="mt-8 text-lg font-semibold">Our mission</h2>
      <div className="mt-2 flex flex-col gap-4 text-[15px] leading-7 text-zinc-700">
        <p>
          AI has opened a new kind of craft. Prompt engineers, designers and artists are making images, motion and whole brand worlds that did
          not exist a few years ago, yet their work is scattered across feeds where it scrolls away in hours.
        </p>
        <p>
          <SiteName /> gives that work a home: a gallery where AI-native creators show their best projects, learn from each other, and
          get hired by the teams who need them. Membership is by invitation, so every member is vouched for by someone already here, and the
          gallery stays about quality rather than volume.
        </p>
        <p>
          We put the work first and credit the craft behind it. When a file still carries its prompt and generation settings, we show them
          next to the piece, so skill is visible and others can learn from it. And anyone who likes what they see can write to the creator
          directly, from the project that caught their eye.
        </p>
        <p>We want every great AI creator to be discovered, credited and paid for what they make.</p>
      </div>
    </PageContainer>
  );
}
