import type { TJob } from '@shared/schemas/job';
import { jobPostingJsonLd } from './job-posting-ld';

/**
 * The listings shown, as schema.org JobPosting data. A script of type application/ld+json is a
 * data block: browsers never run it, so the CSP's script-src 'self' does not apply to it.
 */
export function JobPostingJsonLd({ jobs }: { jobs: TJob[] }) {
  if (!jobs.length) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jobPostingJsonLd(jobs) }} />;
}
