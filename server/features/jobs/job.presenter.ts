// A job row as the API shows it (SPEC §3): the poster's own view with its numbers, and the
// public view without them.
import { FORMER_MEMBER_NAME } from '../../../shared/constants';
import type { TJob, TJobStatus, TMyJob } from '../../../shared/schemas/job';
import type { JobRow } from '../../db/schema';

/** A listing is live while paid and before its end; the row's status catches up in the background. */
export function effectiveStatus(row: Pick<JobRow, 'status' | 'active_until'>, now: Date): TJobStatus {
  if (row.status === 'active' && (!row.active_until || row.active_until <= now.toISOString())) return 'expired';
  return row.status;
}

export function toMyJob(row: JobRow, parts: { tags: string[]; posterName: string | undefined; now: Date }): TMyJob {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    companyLogo: row.company_logo,
    description: row.description,
    requirements: row.requirements,
    location: row.location,
    remote: row.remote === 1 ? 'true' : 'false',
    type: row.type,
    salary: row.salary,
    tags: parts.tags,
    applicationUrl: row.application_url,
    applyUrl: `/api/jobs/${row.id}/apply`,
    createdAt: row.created_at,
    user: { name: parts.posterName ?? FORMER_MEMBER_NAME },
    status: effectiveStatus(row, parts.now),
    activeUntil: row.active_until,
    views: row.views,
    applyClicks: row.apply_clicks,
  };
}

/** The public shape: the numbers are the poster's business. */
export function toPublicJob({ views: _views, applyClicks: _applyClicks, ...job }: TMyJob): TJob {
  return job;
}
