// Careers (SPEC §2 /careers): why join, the values, benefits, the application form and the equal-opportunity statement.
import { Check } from 'lucide-react';
import { useSiteName } from '@/api/site';
import { BENEFIT_LISTS, CAREER_VALUES } from '@/components/careers/career-content';
import { CareerForm } from '@/components/careers/CareerForm';
import { SiteName } from '@/components/layout/SiteName';
import { PageContainer } from '@/components/page/PageContainer';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function CareersPage() {
  const siteName = useSiteName();
  useDocumentTitle(
    'Careers',
    `Join the team building ${siteName}, the home of AI-native creators: our values, our benefits, and how to apply.`,
  );
  return (
    <PageContainer width="page" className="flex flex-col gap-16">
      <header className="flex flex-col items-start gap-3">
        <p className="text-[13px] font-medium tracking-wide text-accent uppercase">Careers</p>
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">Join Our Team</h1>
        <p className="max-w-2xl text-lg text-zinc-600">
          We're building the place where AI-native creators show their best work and get hired for it. If you care about creative people and
          the tools they use, we'd love to hear from you.
        </p>
      </header>

      <section aria-labelledby="values-heading" className="flex flex-col gap-6">
        <h2 id="values-heading" className="text-xl font-semibold">
          What we value
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {CAREER_VALUES.map(({ title, text, icon: Icon }) => (
            <div key={title} className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-violet-50 text-accent">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="text-[15px] font-semibold">{title}</h3>
              <p className="text-sm leading-6 text-zinc-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="flex flex-col gap-6">
        <h2 id="benefits-heading" className="text-xl font-semibold">
          Benefits
        </h2>
        <div className="grid gap-8 md:grid-cols-3">
          {BENEFIT_LISTS.map(({ title, icon: Icon, items }) => (
            <div key={title} className="flex flex-col gap-3">
              <h3 className="flex items-center gap-2 text-[15px] font-semibold">
                <Icon className="h-4 w-4 text-accent" aria-hidden />
                {title}
              </h3>
              <ul className="flex flex-col gap-2">
                {items.map((item) => (
                  <li key={item} className="flex items-start gap-2 text-sm text-zinc-600">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="apply-heading" className="flex max-w-[560px] flex-col gap-2">
        <h2 id="apply-heading" className="text-xl font-semibold">
          Apply Now
        </h2>
        <p className="mb-4 text-sm text-zinc-600">
          We don't wait for an opening to meet great people. Tell us where you'd fit, and we'll be in touch.
        </p>
        <CareerForm />
      </section>

      <section aria-labelledby="equal-opportunity-heading" className="rounded-xl bg-zinc-50 p-6">
        <h2 id="equal-opportunity-heading" className="text-[15px] font-semibold">
          Equal opportunity
        </h2>
        <p className="mt-2 text-sm leading-6 text-zinc-600">
          <SiteName /> is an equal opportunity employer. We welcome applicants of every background and do not discriminate on the basis
          of race, colour, religion, sex, sexual orientation, gender identity, national origin, age, disability, veteran status or any other
          characteristic protected by law. If you need an adjustment at any step of the process, tell us in your application.
        </p>
      </section>
    </PageContainer>
  );
}
