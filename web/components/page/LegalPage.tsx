// Frame for the Terms, Privacy and Cookie pages: title, last-updated line, numbered sections.
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { LEGAL_LAST_UPDATED } from '@/lib/site';
import { PageContainer } from './PageContainer';

export interface TLegalSection {
  heading: string;
  body: ReactNode;
}

export function LegalPage({ title, description, intro, sections }: { title: string; description: string; intro: ReactNode; sections: TLegalSection[] }) {
  useDocumentTitle(title, description);
  return (
    <PageContainer width="prose">
      <article>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-[13px] text-zinc-500">Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className="mt-6 text-[15px] leading-7 text-zinc-700">{intro}</div>
        {sections.map((section, index) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-lg font-semibold text-ink">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-2 flex flex-col gap-3 text-[15px] leading-7 text-zinc-700">{section.body}</div>
          </section>
        ))}
      </article>
    </PageContainer>
  );
}
