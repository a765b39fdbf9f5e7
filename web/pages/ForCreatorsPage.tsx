// For Creators (SPEC §2 /for-creators): why join, the live community figures, features, and how to get in.
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useSiteName } from '@/api/site';
import { BENEFITS, FEATURE_GROUPS } from '@/components/for-creators/for-creators-content';
import { InviteCodeSection } from '@/components/for-creators/InviteCodeSection';
import { StatsStrip } from '@/components/for-creators/StatsStrip';
import { SiteName } from '@/components/layout/SiteName';
import { PageContainer } from '@/components/page/PageContainer';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function ForCreatorsPage() {
  const siteName = useSiteName();
  useDocumentTitle(
    'For Creators',
    `Showcase your AI-generated work on ${siteName}: a curated, invitation-only portfolio where clients discover and hire AI creators.`,
  );
  return (
    <>
      <section className="bg-linear-to-b from-violet-50 to-white">
        <div className="mx-auto flex max-w-[1440px] flex-col items-start gap-6 px-4 py-16 md:px-8 md:py-24">
          <p className="text-[13px] font-medium tracking-wide text-accent uppercase">For Creators</p>
          <h1 className="max-w-3xl text-4xl leading-tight font-bold tracking-tight md:text-5xl">Showcase your AI creativity to the world</h1>
          <p className="max-w-2xl text-lg text-zinc-600">
            Join an invitation-only community of prompt engineers and AI-native designers. Share your best work, get credit for your craft,
            and get hired by the people looking for exactly what you make.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/signup">Start Showcasing</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/inspiration">Explore Work</Link>
            </Button>
          </div>
        </div>
      </section>

      <StatsStrip />

      <PageContainer className="flex flex-col gap-20">
        <section aria-labelledby="benefits-heading" className="flex flex-col gap-8">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 id="benefits-heading" className="text-3xl font-semibold tracking-tight">
              Why creators choose <SiteName />
            </h2>
            <p className="text-zinc-600">Everything you need to present AI work professionally, and nothing that gets in its way.</p>
          </div>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map(({ title, text, icon: Icon }) => (
              <div key={title} className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-6 transition-shadow duration-150 ease-out hover:shadow-md">
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-violet-50 text-accent">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="text-base font-semibold">{title}</h3>
                <p className="text-sm leading-6 text-zinc-600">{text}</p>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="features-heading" className="flex flex-col gap-8">
          <h2 id="features-heading" className="text-3xl font-semibold tracking-tight">
            Built for how you work
          </h2>
          <div className="grid gap-10 lg:grid-cols-2">
            {FEATURE_GROUPS.map((group) => (
              <div key={group.title} className="flex flex-col gap-5">
                <h3 className="text-lg font-semibold">{group.title}</h3>
                <ul className="flex flex-col gap-4">
                  {group.features.map(({ title, text, icon: Icon }) => (
                    <li key={title} className="flex items-start gap-3">
                      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
                      <div className="flex flex-col gap-0.5">
                        <span className="text-[15px] font-medium">{title}</span>
                        <span className="text-sm text-zinc-600">{text}</span>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="flex flex-col items-start gap-5 rounded-2xl bg-ink p-8 text-white md:p-12">
          <h2 id="cta-heading" className="max-w-2xl text-3xl font-semibold tracking-tight">
            Ready to show what you can make?
          </h2>
          <p className="max-w-2xl text-zinc-300">Create your account with an invitation code and publish your first project in minutes.</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/signup">
                Join the Community
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/about">Learn More About Us</Link>
            </Button>
          </div>
        </section>

        <InviteCodeSection />
      </PageContainer>
    </>
  );
}
