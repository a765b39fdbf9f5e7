// A page per job and the poster's own changes (issue 16, Jobs), at 1440×900 and 390×844: open a
// job from the board, its server-rendered page with JobPosting JSON-LD and share meta, the remote
// and location filters kept in the address, and in My Jobs: edit, close early and renew (another
// $250 through the test-mode card form).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JOB_LISTING_DAYS } from '../shared/constants';
import type { TJob, TMyJob } from '../shared/schemas/job';
import { apiFetch, expectJson, postPaidJob, signUpMember, type TApiMember } from './api-helpers';
import { axeViolations } from './axe';
import { baseUrl, browserPerFile, toast, waitForHydration } from './helpers';

const { openPage } = browserPerFile();

const DAY_MS = 24 * 60 * 60 * 1000;
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let counter = 0;
/** A word no other listing in the shared e2e database contains. */
function uniqueWord(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

async function myJob(member: TApiMember, jobId: number): Promise<TMyJob> {
  const jobs = await expectJson<TMyJob[]>(await apiFetch('GET', '/api/jobs/mine', { cookie: member.cookie }), 'My jobs');
  const job = jobs.find((candidate) => candidate.id === jobId);
  if (!job) throw new Error(`job ${jobId} is not in My Jobs`);
  return job;
}

async function openSized(size: (typeof SIZES)[number], member?: TApiMember): Promise<Page> {
  const page = await openPage(member ? { member, width: size.width } : { width: size.width });
  await page.setViewportSize({ width: size.width, height: size.height });
  return page;
}

/** The JSON-LD blocks of a page's HTML. */
function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as unknown);
}

describe.each(SIZES)('job pages at $width×$height', (size) => {
  it('opens a job from the filtered board: its own page, server-rendered with JobPosting data and share meta', async () => {
    const poster = await signUpMember();
    const place = uniqueWord('Lisbon');
    const remote = await postPaidJob(poster, { title: uniqueWord('Remote Prompt Engineer '), location: `${place}, Portugal`, remote: 'true', type: 'Contract' });
    const office = await postPaidJob(poster, { title: uniqueWord('Studio Artist '), location: place });

    // The server's HTML for a visitor: the listing, its JSON-LD and its share meta, before any script runs.
    const response = await fetch(`${baseUrl()}/jobs/${remote.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 id="job-title"`);
    expect(html).toContain(remote.title);
    const [data] = jsonLdOf(html) as { '@graph': Record<string, unknown>[] }[];
    expect(data?.['@graph'][0]).toMatchObject({
      '@type': 'JobPosting',
      title: remote.title,
      description: remote.description,
      datePosted: remote.createdAt,
      validThrough: remote.activeUntil,
      employmentType: 'CONTRACTOR',
      hiringOrganization: { '@type': 'Organization', name: 'Diffusion Labs' },
      jobLocation: { '@type': 'Place', address: { addressLocality: `${place}, Portugal` } },
      jobLocationType: 'TELECOMMUTE',
    });
    expect(html).toContain(`<meta property="og:title" content="${remote.title} at Diffusion Labs |`);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="[^"]*/jobs/${remote.id}"`));
    expect(html).toContain('<meta name="description" content="Diffusion Labs is hiring:');
    // Not live: no page for a visitor.
    expect((await fetch(`${baseUrl()}/api/jobs/999999999`)).status).toBe(404);

    // Opened directly, the page hydrates without an error and without reading the job again.
    const direct = await openSized(size);
    const problems: string[] = [];
    const jobReads: string[] = [];
    direct.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    direct.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    direct.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/jobs/${remote.id}`) jobReads.push(request.url());
    });
    await direct.goto(`/jobs/${remote.id}`);
    await waitForHydration(direct);
    await direct.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(jobReads).toEqual([]);

    const page = await openSized(size);
    await page.goto(`/jobs?location=${place.toUpperCase()}`);
    const titles = page.getByRole('list').getByRole('heading', { level: 2 });
    await page.getByRole('link', { name: office.title, exact: true }).waitFor();
    expect(await titles.allInnerTexts()).toEqual(expect.arrayContaining([remote.title, office.title]));
    expect(await page.getByLabel('Location').inputValue()).toBe(place.toUpperCase());

    await page.getByRole('switch', { name: 'Remote only' }).click();
    await page.waitForURL((url) => url.searchParams.get('remote') === 'true' && url.searchParams.get('location') === place.toUpperCase());
    await expect.poll(() => page.getByRole('link', { name: office.title, exact: true }).count()).toBe(0);
    // The address holds the filters: a reload shows the same board.
    await page.reload();
    await page.getByRole('link', { name: remote.title, exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: 'Remote only' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('link', { name: office.title, exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: remote.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/jobs/${remote.id}`);
    await page.getByRole('heading', { level: 1, name: remote.title }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(remote.requirements, { exact: true }).waitFor();
    expect(await main.getByText(remote.description, { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('comfyui', { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toContain(`${remote.title} at Diffusion Labs`);
    const apply = main.getByRole('link', { name: /^Apply/ });
    expect(await apply.getAttribute('href')).toBe(`/api/jobs/${remote.id}/apply`);
    expect(await apply.getAttribute('title')).toBe('https://diffusion.example/jobs');
    // A visitor may report it, signing in first and coming back to this page.
    expect(await main.getByRole('link', { name: /^Report/ }).getAttribute('href')).toBe(`/login?${new URLSearchParams({ next: `/jobs/${remote.id}` })}`);

    await main.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, 'Link copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/jobs/${remote.id}`);

    expect(await axeViolations(page, { exclude: ['header'] })).toEqual([]);

    // The poster's own page: no Report, a way to manage it instead; the board's card has no Report either.
    const own = await openSized(size, poster);
    await own.goto(`/jobs/${remote.id}`);
    await own.getByRole('link', { name: 'Manage in My Jobs' }).waitFor();
    expect(await own.getByRole('main').getByRole('button', { name: /^Report/ }).count()).toBe(0);
    await own.goto(`/jobs?location=${place}`);
    const card = own.getByRole('article', { name: office.title, exact: true });
    await card.waitFor();
    // Once the member and their own jobs are known (the page asks for both once).
    await own.waitForLoadState('networkidle');
    expect(await card.getByRole('button', { name: /^Report/ }).count()).toBe(0);
    expect(await card.getByRole('link', { name: /^Report/ }).count()).toBe(0);
  });

  it('lets the poster edit, close early and renew a listing from My Jobs', async () => {
    const poster = await signUpMember();
    const job = await postPaidJob(poster, { title: uniqueWord('Editable ') });
    const page = await openSized(size, poster);
    await page.goto('/profile?tab=jobs');
    const panel = page.getByRole('tabpanel', { name: 'My Jobs' });
    await panel.getByRole('article', { name: job.title }).waitFor();

    // Edit: the posting form, filled with the listing, and its messages.
    await panel.getByRole('button', { name: `Edit ${job.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Job' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Job title').inputValue()).toBe(job.title);
    expect(await dialog.getByLabel('Tags').inputValue()).toBe('prompting, comfyui');
    await dialog.getByLabel('Job description').fill('Too short');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Description must be at least 50 characters', { exact: true }).waitFor();
    const newTitle = uniqueWord('Edited ');
    await dialog.getByLabel('Job title').fill(newTitle);
    await dialog.getByLabel('Job description').fill('Lead our prompt library, review outputs with the art team and teach the studio.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Job updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = panel.getByRole('article', { name: newTitle });
    await row.waitFor();
    expect((await myJob(poster, job.id)).title).toBe(newTitle);

    // Close early, after a confirmation: off the board at once.
    await row.getByRole('button', { name: `Close ${newTitle}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Close this listing?' });
    await confirm.getByRole('button', { name: 'Close Listing' }).click();
    await toast(page, 'Listing closed').waitFor();
    await row.getByText('Expired', { exact: true }).waitFor();
    const board = await expectJson<TJob[]>(await apiFetch('GET', `/api/jobs?q=${encodeURIComponent(newTitle)}`), 'Board');
    expect(board).toEqual([]);
    expect(await row.getByRole('button', { name: `Close ${newTitle}` }).count()).toBe(0);

    // Renew: the post-job payment step, another $250, 60 days from now.
    await row.getByRole('link', { name: `Renew ${newTitle}` }).click();
    await page.waitForURL((url) => url.pathname === '/post-job' && url.searchParams.get('job') === String(job.id) && url.searchParams.get('renew') === 'true');
    await page.getByRole('heading', { name: 'Renew Your Listing' }).waitFor();
    expect(await page.getByText(`Pay $250 to keep your job listing on the board for ${JOB_LISTING_DAYS} more days.`).isVisible()).toBe(true);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    const before = Date.now();
    await page.getByRole('button', { name: 'Pay $250' }).click();
    await page.getByRole('heading', { name: 'Listing Renewed!' }).waitFor();
    const renewed = await myJob(poster, job.id);
    expect(renewed.status).toBe('active');
    const until = new Date(renewed.activeUntil!).getTime();
    expect(until).toBeGreaterThan(before + JOB_LISTING_DAYS * DAY_MS - 60_000);
    expect(until).toBeLessThan(Date.now() + JOB_LISTING_DAYS * DAY_MS + 60_000);

    await page.getByRole('link', { name: 'Manage My Jobs' }).click();
    await page.getByRole('tabpanel', { name: 'My Jobs' }).getByRole('article', { name: newTitle }).getByText(/^Active until /).waitFor();
  });
});
