// schema.org JobPosting data for the listings on the board, so search engines can read them.
import type { TJobType } from '@shared/constants';
import type { TJob } from '@shared/schemas/job';

/** schema.org's employmentType values for the SPEC's job types. */
const EMPLOYMENT_TYPES: Record<TJobType, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Freelance: 'CONTRACTOR',
};

function jobPosting(job: TJob) {
  return {
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    qualifications: job.requirements,
    datePosted: job.createdAt,
    ...(job.activeUntil ? { validThrough: job.activeUntil } : {}),
    employmentType: EMPLOYMENT_TYPES[job.type],
    hiringOrganization: { '@type': 'Organization', name: job.company, ...(job.companyLogo ? { logo: job.companyLogo } : {}) },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location } },
    ...(job.remote === 'true' ? { jobLocationType: 'TELECOMMUTE' } : {}),
    ...(job.tags.length ? { skills: job.tags.join(', ') } : {}),
    identifier: { '@type': 'PropertyValue', name: job.company, value: String(job.id) },
    // Salary is free text (SPEC §3); schema.org's baseSalary wants an amount and a currency, so it is left out.
  };
}

/**
 * The JSON for a <script type="application/ld+json">. Every '<' is written as \u003c, so no
 * text in a listing ('</script>', '<!--') can end the script element early.
 */
export function jobPostingJsonLd(jobs: TJob[]): string {
  const data = { '@context': 'https://schema.org', '@graph': jobs.map(jobPosting) };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
