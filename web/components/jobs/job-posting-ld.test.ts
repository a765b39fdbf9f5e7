import { describe, expect, it } from 'vitest';
import type { TJob } from '@shared/schemas/job';
import { jobPostingJsonLd } from './job-posting-ld';

const job = (changes: Partial<TJob> = {}): TJob => ({
  id: 7,
  title: 'Prompt Engineer',
  company: 'Diffusion Labs',
  companyLogo: null,
  description: 'Write prompts for image models and keep a library of styles in order.',
  requirements: 'Two years of prompting',
  location: 'Berlin',
  remote: 'false',
  type: 'Contract',
  salary: null,
  tags: ['midjourney', 'comfyui'],
  applicationUrl: 'jobs@diffusion.example',
  applyUrl: '/api/jobs/7/apply',
  createdAt: '2025-03-01T10:00:00.000Z',
  user: { name: 'Ada Lovelace' },
  status: 'active',
  activeUntil: '2025-04-30T10:00:00.000Z',
  ...changes,
});

describe('jobPostingJsonLd', () => {
  it('describes each listing as a schema.org JobPosting', () => {
    const data = JSON.parse(jobPostingJsonLd([job(), job({ id: 8, remote: 'true', type: 'Full-time', companyLogo: 'https://cdn.example.com/logo.png' })]));
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph']).toHaveLength(2);
    expect(data['@graph'][0]).toMatchObject({
      '@type': 'JobPosting',
      title: 'Prompt Engineer',
      datePosted: '2025-03-01T10:00:00.000Z',
      validThrough: '2025-04-30T10:00:00.000Z',
      employmentType: 'CONTRACTOR',
      hiringOrganization: { '@type': 'Organization', name: 'Diffusion Labs' },
      jobLocation: { address: { addressLocality: 'Berlin' } },
      skills: 'midjourney, comfyui',
    });
    expect(data['@graph'][0]).not.toHaveProperty('jobLocationType');
    expect(data['@graph'][1]).toMatchObject({ employmentType: 'FULL_TIME', jobLocationType: 'TELECOMMUTE', hiringOrganization: { logo: 'https://cdn.example.com/logo.png' } });
  });

  it('cannot close its script element early, whatever a listing says', () => {
    const text = jobPostingJsonLd([job({ title: '</script><script>alert(1)</script>', description: '<!-- hidden' })]);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)['@graph'][0]).toMatchObject({ title: '</script><script>alert(1)</script>', description: '<!-- hidden' });
  });
});
