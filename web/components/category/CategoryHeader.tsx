import { Clock, Flame, FolderOpen, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TCategorySummary } from '@shared/schemas/creator';
import { Skeleton } from '@/components/ui/skeleton';
import { TagChip } from '@/components/ui/tag-chip';
import type { TCategoryContent } from '@/lib/category-content';
import { wholeNumber } from '@shared/format';

interface CategoryHeaderProps {
  name: string;
  trending: boolean;
  content: TCategoryContent;
  /** The database figures; undefined while they load, and left out when they could not be read. */
  summary: Pick<TCategorySummary, 'projects' | 'creators'> | undefined;
  summaryPending: boolean;
}

const plural = (count: number, one: string, many: string) => `${wholeNumber(count)} ${count === 1 ? one : many}`;

function Figure({ term, icon: Icon, children }: { term: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div>
      <dt className="sr-only">{term}</dt>
      {/* One text line high whether it holds a figure or its skeleton, so nothing moves when the figures arrive. */}
      <dd className="flex h-5 items-center gap-1.5">
        <Icon className="h-4 w-4" aria-hidden />
        {children}
      </dd>
    </div>
  );
}

/** SPEC §2: title, trending flag, fixed description and related tags, real counts, 'Updated daily'. */
export function CategoryHeader({ name, trending, content, summary, summaryPending }: CategoryHeaderProps) {
  return (
    <header className="flex flex-col gap-5 border-b border-zinc-200 pb-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold break-words">{name}</h1>
        {trending && (
          <span className="inline-flex items-center gap-1 rounded-full bg-orange-50 px-2.5 py-1 text-[13px] font-medium text-orange-800">
            <Flame className="h-3.5 w-3.5" aria-hidden />
            Trending
          </span>
        )}
      </div>
      <p className="max-w-3xl text-zinc-600">{content.description}</p>
      <dl className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-zinc-600" aria-label="Category figures">
        {/* Skeletons no wider than the usual figures ('30 projects'): on a phone, wider ones would
            push 'Updated daily' to a second line that closes when the figures arrive. */}
        {(summary || summaryPending) && (
          <>
            <Figure term="Projects" icon={FolderOpen}>
              {summary ? plural(summary.projects, 'project', 'projects') : <Skeleton className="h-4 w-16" />}
            </Figure>
            <Figure term="Creators" icon={Users}>
              {summary ? plural(summary.creators, 'creator', 'creators') : <Skeleton className="h-4 w-16" />}
            </Figure>
          </>
        )}
        <Figure term="Freshness" icon={Clock}>
          Updated daily
        </Figure>
      </dl>
      <div className="flex flex-col gap-2">
        <h2 className="text-[13px] font-medium text-zinc-600">Related tags</h2>
        <ul className="flex flex-wrap gap-2">
          {content.relatedTags.map((tag) => (
            <li key={tag}>
              <TagChip tag={tag} size="md" to={`/search?q=${encodeURIComponent(tag)}`} />
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
