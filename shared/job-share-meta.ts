// A job page's share meta (/jobs/{id}): one rule for the tags the server writes into the page and
// the ones the client sets when it opens the job, so a crawler and a browser see the same.
import type { TJob } from './schemas/job';
import type { TPageMeta, TSite } from './share-meta';

/** Search snippets and share cards cut descriptions long before this. */
const DESCRIPTION_MAX = 300;

type TShareableJob = Pick<TJob, 'id' | 'title' | 'company' | 'location' | 'remote' | 'type' | 'description' | 'tags'>;

/** 'title at company | site': the tab title and the share title. */
export function jobPageTitle(job: Pick<TJob, 'title' | 'company'>, siteName: string): string {
  return `${job.title} at ${job.company} | ${siteName}`;
}

/** Where the job is done, as the page and the share text say it. */
export function jobPlace(job: Pick<TJob, 'location' | 'remote'>): string {
  return job.remote === 'true' ? `${job.location} (Remote)` : job.location;
}

export function jobShareMeta(job: TShareableJob, site: TSite): TPageMeta {
  const description = `${job.company} is hiring: ${job.title}, ${job.type}, ${jobPlace(job)}. ${job.description.replace(/\s+/g, ' ').trim()}`;
  return {
    title: jobPageTitle(job, site.siteName),
    description: description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX - 1)}…` : description,
    url: `${site.origin}/jobs/${job.id}`,
    keywords: job.tags,
    type: 'website',
  };
}
