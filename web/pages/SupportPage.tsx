// Support Center (SPEC §2 /support): Quick Help and Resources articles, the contact form and other ways to reach the team.
import { LifeBuoy } from 'lucide-react';
import { SUPPORT_REPLY_HOURS } from '@shared/constants';
import { PageContainer } from '@/components/page/PageContainer';
import { HelpArticleCard } from '@/components/support/HelpArticleCard';
import { QUICK_HELP, RESOURCES } from '@/components/support/help-articles';
import { ReachUs } from '@/components/support/ReachUs';
import { SupportForm } from '@/components/support/SupportForm';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function SupportPage() {
  useDocumentTitle(
    'Support Center',
    `Help with uploading projects, your account, your profile and invitation codes, and a direct line to our team: we answer within ${SUPPORT_REPLY_HOURS} hours.`,
  );
  return (
    <PageContainer width="page" className="flex flex-col gap-14">
      <header className="flex flex-col items-start gap-3">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-violet-50 text-accent">
          <LifeBuoy className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">Support Center</h1>
        <p className="max-w-2xl text-zinc-600">
          Find quick answers to common questions, read how the community works, or send us a message. We answer within {SUPPORT_REPLY_HOURS}{' '}
          hours.
        </p>
      </header>

      <section aria-labelledby="quick-help-heading" className="flex flex-col gap-4">
        <h2 id="quick-help-heading" className="text-xl font-semibold">
          Quick Help
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {QUICK_HELP.map((article) => (
            <HelpArticleCard key={article.title} article={article} />
          ))}
        </div>
      </section>

      <section aria-labelledby="resources-heading" className="flex flex-col gap-4">
        <h2 id="resources-heading" className="text-xl font-semibold">
          Resources
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {RESOURCES.map((article) => (
            <HelpArticleCard key={article.title} article={article} />
          ))}
        </div>
      </section>

      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
        <section aria-labelledby="contact-support-heading" className="flex max-w-[560px] flex-col gap-2">
          <h2 id="contact-support-heading" className="text-xl font-semibold">
            Contact Support
          </h2>
          <p className="mb-4 text-sm text-zinc-600">Can't find what you need? Tell us about it and we'll help.</p>
          <SupportForm />
        </section>
        <ReachUs />
      </div>
    </PageContainer>
  );
}
