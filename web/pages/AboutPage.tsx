import { DEFAULT_SITE_NAME } from '@shared/constants';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <PageContainer width="prose">
      <h1 className="text-3xl font-semibold tracking-tight">About {DEFAULT_SITE_NAME}</h1>
      <h2 className="mt-8 text-lg font-semibold">Our mission</h2>
      <div className="mt-2 flex flex-col gap-4 text-[15px] leading-7 text-zinc-700">
        <p>
          AI has opened a new kind of craft. Prompt engineers, designers and artists are making images, motion and whole brand worlds that did
          not exist a few years ago, yet their work is scattered across feeds where it scrolls away in hours.
        </p>
        <p>
          {DEFAULT_SITE_NAME} gives that work a home: a gallery where AI-native creators show their best projects, learn from each other, and
          get hired by the teams who need them. Membership is by invitation, so every member is vouched for by someone already here, and the
          gallery stays about quality rather than volume.
        </p>
        <p>We want every great AI creator to be discovered, credited and paid for what they make.</p>
      </div>
    </PageContainer>
  );
}
