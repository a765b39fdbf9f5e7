// The job board and paid posting (SPEC §2 Jobs and Post a job, §4, §5, §8; issue 5), in test
// mode: the form with its messages, paying with Stripe's test cards, the success view, the
// provider's redirect back, the board's search, type filter, counter and JobPosting data, and
// the profile's My Jobs tab.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longDate } from '../shared/format';
import type { TCreateJobBody, TJob, TMyJob, TPaymentSession, TTestCardPaymentResult } from '../shared/schemas/job';
import { apiFetch, signUpMember, type TApiMember } from './api-helpers';
import { baseUrl, browserPerFile, holdRequests, openInClient, toast, waitForHydration } from './helpers';

const { openPage } = browserPerFile();

let counter = 0;
/** A word no other listing in the shared e2e database contains. */
function uniqueWord(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

const DESCRIPTION = 'Design prompt libraries for our image models and review every output with the art team.';
const REQUIREMENTS = 'Two years of prompting experience';

async function expectJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST /api/jobs as the member: the job is saved awaiting payment. */
async function postJob(member: TApiMember, changes: Partial<TCreateJobBody> = {}): Promise<TMyJob> {
  const body: TCreateJobBody = {
    title: uniqueWord('Job '),
    company: 'Diffusion Labs',
    location: 'Berlin',
    type: 'Full-time',
    description: DESCRIPTION,
    requirements: REQUIREMENTS,
    tags: ['prompting'],
    applicationUrl: 'jobs@diffusion.example',
    remote: 'false',
    ...changes,
  };
  return expectJson<TMyJob>(await apiFetch('POST', '/api/jobs', { cookie: member.cookie, json: body }), 'Create job');
}

/** What the test-mode card form does with 4242…: the PaymentIntent succeeds (the job is not live yet). */
async function payWithCard(member: TApiMember, jobId: number): Promise<string> {
  const session = await expectJson<TPaymentSession>(await apiFetch('POST', `/api/jobs/${jobId}/payment`, { cookie: member.cookie }), 'Payment session');
  const card = { clientSecret: session.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  const result = await expectJson<TTestCardPaymentResult>(await apiFetch('POST', '/api/payments/test/confirm', { cookie: member.cookie, json: card }), 'Card payment');
  return result.paymentIntent.id;
}

/** A live listing: posted, paid and confirmed through the API. */
async function postPaidJob(member: TApiMember, changes: Partial<TCreateJobBody> = {}): Promise<TMyJob> {
  const job = await postJob(member, changes);
  const paymentIntentId = await payWithCard(member, job.id);
  return expectJson<TMyJob>(await apiFetch('POST', `/api/jobs/${job.id}/confirm-payment`, { cookie: member.cookie, json: { paymentIntentId } }), 'Confirm payment');
}

async function myJob(member: TApiMember, jobId: number): Promise<TMyJob | undefined> {
  const jobs = await expectJson<TMyJob[]>(await apiFetch('GET', '/api/jobs/mine', { cookie: member.cookie }), 'My jobs');
  return jobs.find((job) => job.id === jobId);
}

/** Every live listing, whatever the filters (the Y of 'Showing X of Y jobs'). */
async function liveJobCount(): Promise<number> {
  const response = await apiFetch('GET', '/api/jobs?limit=1');
  await expectJson<TJob[]>(response, 'Live jobs');
  return Number(response.headers.get('x-total-count'));
}

const counterText = (page: Page) => page.getByText(/^Showing \d+ of \d+ jobs$/);
const jobCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

interface TFormJob {
  title: string;
  company: string;
  location: string;
  type: string;
  remote: boolean;
  salary: string;
  description: string;
  requirements: string;
  tags: string;
  application: string;
}

async function fillJobForm(page: Page, job: TFormJob): Promise<void> {
  await page.getByLabel('Job title').fill(job.title);
  await page.getByLabel('Company name').fill(job.company);
  await page.getByLabel('Location').fill(job.location);
  await pickOption(page, 'Job type', job.type);
  if (job.remote) await page.getByRole('switch', { name: 'Remote position' }).click();
  await page.getByLabel('Salary (optional)').fill(job.salary);
  await page.getByLabel('Job description').fill(job.description);
  await page.getByLabel('Requirements').fill(job.requirements);
  await page.getByLabel('Tags').fill(job.tags);
  await page.getByLabel('Application URL or email').fill(job.application);
}

async function fillCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
}

describe('post a job', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const page = await openPage();
    await page.goto('/post-job');
    await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
    expect(await page.getByText('You need to be signed in to post a job listing.', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?next=%2Fpost-job');
    expect(await page.getByLabel('Job title').count()).toBe(0);
  });

  it("shows the schema's messages next to their fields and sends nothing while the form is invalid", async () => {
    const member = await signUpMember();
    const page = await openPage({ member });
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') posted = true;
    });
    await page.goto('/post-job');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    const expectTied = async (label: string, message: string) => {
      const error = page.getByText(message, { exact: true });
      await error.waitFor();
      const errorId = await error.getAttribute('id');
      const field = page.getByLabel(label, { exact: true });
      expect(await field.getAttribute('aria-describedby')).toContain(errorId);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    };
    for (const [label, message] of [
      ['Job title', 'Job title is required'],
      ['Company name', 'Company name is required'],
      ['Location', 'Location is required'],
      ['Job description', 'Description must be at least 50 characters'],
      ['Requirements', 'Requirements must be at least 20 characters'],
      ['Tags', 'At least one tag is required'],
      ['Application URL or email', 'Application method is required'],
    ] as const) {
      await expectTied(label, message);
    }

    await page.getByLabel('Job title').fill('x'.repeat(101));
    await page.getByLabel('Tags').fill(' , ,');
    await page.getByLabel('Application URL or email').fill('not a link');
    await page.getByLabel('Company logo URL (optional)').fill('not a url');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectTied('Job title', 'Title too long');
    await expectTied('Tags', 'At least one tag is required');
    await expectTied('Application URL or email', 'Must be a valid URL or email address');
    await expectTied('Company logo URL (optional)', 'Please enter a valid URL');
    expect(posted).toBe(false);
  });

  it('posts a job through the form, pays with 4242 4242 4242 4242, shows the success view and the job on /jobs', async () => {
    const member = await signUpMember({ firstName: 'Hana', lastName: 'Hiring' });
    const page = await openPage({ member });
    await page.goto('/jobs');
    await page.getByRole('link', { name: 'Post a Job - $250' }).first().click();
    await page.waitForURL((url) => url.pathname === '/post-job');

    await page.getByRole('heading', { name: 'Post a Job', level: 1 }).waitFor();
    expect(await page.getByText('$250 for 60 days', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Jobs' }).getAttribute('href')).toBe('/jobs');
    for (const feature of ['Reach thousands of AI professionals', '60-day active listing', 'Featured in job search results', 'Email notifications to subscribers', 'Analytics dashboard']) {
      expect(await page.getByText(feature, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('combobox', { name: 'Job type' }).innerText()).toBe('Full-time');
    expect(await page.getByRole('switch', { name: 'Remote position' }).getAttribute('aria-checked')).toBe('false');

    const title = uniqueWord('Prompt Engineer ');
    await fillJobForm(page, {
      title,
      company: 'Diffusion Labs',
      location: 'Berlin',
      type: 'Contract',
      remote: true,
      salary: '$90k - $120k',
      description: DESCRIPTION,
      requirements: REQUIREMENTS,
      tags: 'Midjourney, ComfyUI , ',
      application: 'jobs@diffusion.example',
    });
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/jobs');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const sent = (await created).request().postDataJSON() as TCreateJobBody;
    // SPEC §7: tags as a list, remote as 'true'/'false'.
    expect(sent).toMatchObject({ title, type: 'Contract', remote: 'true', tags: ['Midjourney', 'ComfyUI'] });

    await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
    expect(await page.getByText('Pay $250 to activate your job listing for 60 days.', { exact: true }).isVisible()).toBe(true);
    await page.getByText('Test mode — no real charge', { exact: true }).waitFor();
    const jobId = Number(new URL(page.url()).searchParams.get('job'));
    expect((await myJob(member, jobId))?.status).toBe('pending_payment');

    await fillCard(page, '4242424242424242');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/34');
    const releasePayment = await holdRequests(page, '**/api/payments/test/confirm');
    await page.getByRole('button', { name: 'Pay $250' }).click();
    const processing = page.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    releasePayment();

    await toast(page, 'Payment Successful').waitFor();
    expect(await toast(page, 'Payment Successful').getByText('Your job posting is now live!').isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Job Posted Successfully!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Manage My Jobs' }).getAttribute('href')).toBe('/profile?tab=jobs');
    expect((await myJob(member, jobId))?.status).toBe('active');

    await page.getByRole('link', { name: 'View All Jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    await page.getByLabel('Search jobs').fill(title.toUpperCase());
    const card = jobCard(page, title);
    await card.waitFor();
    await page.getByText(`Showing 1 of ${await liveJobCount()} jobs`, { exact: true }).waitFor();
    const text = await card.innerText();
    for (const part of ['Diffusion Labs', 'Berlin', 'Contract', 'Remote', '$90k - $120k', 'Midjourney', 'ComfyUI', 'Posted by Hana Hiring', 'Today']) {
      expect(text).toContain(part);
    }
    const apply = card.getByRole('link', { name: /^Apply/ });
    expect(await apply.getAttribute('href')).toBe(`/api/jobs/${jobId}/apply`);
    expect(await apply.getAttribute('title')).toBe('mailto:jobs@diffusion.example');
  });

  it("shows 'Payment Failed' for the declined card 4000 0000 0000 0002 and stays on the payment step", async () => {
    const member = await signUpMember();
    const job = await postJob(member);
    const page = await openPage({ member });
    await page.goto(`/post-job?job=${job.id}`);
    await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $250' }).click();
    await toast(page, 'Payment Failed').waitFor();
    expect(await toast(page).getByText('Your card was declined.').isVisible()).toBe(true);

    expect(await page.getByRole('heading', { name: 'Complete Your Payment' }).isVisible()).toBe(true);
    const pay = page.getByRole('button', { name: 'Pay $250' });
    await pay.waitFor();
    expect(await pay.isEnabled()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Job Posted Successfully!' }).count()).toBe(0);
    expect((await myJob(member, job.id))?.status).toBe('pending_payment');
  });

  it("shows the server's message in an 'Error' toast when the job cannot be created, and stays on the form", async () => {
    const member = await signUpMember();
    const page = await openPage({ member });
    await page.route((url) => url.pathname === '/api/jobs', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Job posting is paused for maintenance' }) })
        : route.continue(),
    );
    await page.goto('/post-job');
    await fillJobForm(page, {
      title: uniqueWord('Refused '),
      company: 'Diffusion Labs',
      location: 'Berlin',
      type: 'Full-time',
      remote: false,
      salary: '',
      description: DESCRIPTION,
      requirements: REQUIREMENTS,
      tags: 'prompting',
      application: 'https://diffusion.example/careers',
    });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await toast(page, 'Error').waitFor();
    expect(await toast(page).getByText('Job posting is paused for maintenance').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Post a Job', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Complete Your Payment' }).count()).toBe(0);
  });

  it('says job posting is unavailable, with no form to fill, when the site takes no payments (PAYMENTS_MODE=off)', async () => {
    const member = await signUpMember();
    const page = await openPage({ member });
    await page.route('**/api/payments/config', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ paymentsMode: 'off' }) }));
    await page.goto('/post-job');
    await page.getByRole('heading', { name: 'Payments are not configured', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Post a Job', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText('Job posting is not available yet: payments are not configured on this site.', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Job details' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Browse Jobs' }).click();
    await page.waitForURL('**/jobs');
  });

  it('tells the member to contact support when the card was charged but the job could not be activated', async () => {
    const member = await signUpMember();
    const job = await postJob(member);
    const page = await openPage({ member });
    await page.route(`**/api/jobs/${job.id}/confirm-payment`, (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'The payment provider could not be reached. Please try again.' }) }),
    );
    await page.goto(`/post-job?job=${job.id}`);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $250' }).click();
    await toast(page, 'Error').waitFor();
    expect(await toast(page).getByText('Payment succeeded but failed to activate job. Please contact support.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Complete Your Payment' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Job Posted Successfully!' }).count()).toBe(0);
  });

  it('confirms the payment when the provider redirects back to /post-job?success=true&payment_intent=…', async () => {
    const member = await signUpMember();
    const job = await postJob(member);
    const page = await openPage({ member });
    // The payment step remembers the job in this tab, as it does before Stripe redirects for 3-D Secure.
    await page.goto(`/post-job?job=${job.id}`);
    await page.getByRole('button', { name: 'Pay $250' }).waitFor();
    const paymentIntentId = await payWithCard(member, job.id);
    expect((await myJob(member, job.id))?.status).toBe('pending_payment');

    await page.goto(`/post-job?success=true&payment_intent=${paymentIntentId}&redirect_status=succeeded`);
    await toast(page, 'Payment Successful').waitFor();
    await page.getByRole('heading', { name: 'Job Posted Successfully!' }).waitFor();
    expect((await myJob(member, job.id))?.status).toBe('active');
  });
});

describe('job board', () => {
  it("offers visitors 'Post a Job' to /signup and members 'Post a Job - $250' to /post-job", async () => {
    const visitor = await openPage();
    await visitor.goto('/jobs');
    await visitor.getByRole('heading', { name: 'Find Your Dream AI Job', level: 1 }).waitFor();
    const visitorButton = visitor.getByRole('link', { name: 'Post a Job', exact: true }).first();
    await visitorButton.waitFor();
    expect(await visitorButton.getAttribute('href')).toBe('/signup');
    expect(await visitor.getByRole('link', { name: 'Post a Job - $250' }).count()).toBe(0);

    const member = await signUpMember();
    const page = await openPage({ member });
    await page.goto('/jobs');
    const memberButton = page.getByRole('link', { name: 'Post a Job - $250' }).first();
    await memberButton.waitFor();
    expect(await memberButton.getAttribute('href')).toBe('/post-job');
  });

  it('shows 5 skeleton cards while the listings load', async () => {
    const page = await openPage();
    const releaseListings = await holdRequests(page, (url) => url.pathname === '/api/jobs');
    await openInClient(page, '/jobs');
    const loading = page.getByRole('status', { name: 'Loading jobs' });
    await loading.waitFor();
    expect(await loading.locator(':scope > div').count()).toBe(5);
    releaseListings();
    await loading.waitFor({ state: 'detached' });
  });

  it('narrows the listings by search (title, company or description, any case) and by job type', async () => {
    const member = await signUpMember();
    const word = uniqueWord('nebula');
    const contract = await postPaidJob(member, { title: `Contract ${word}`, type: 'Contract', description: `${DESCRIPTION} Lumen${word} pipeline.` });
    const freelance = await postPaidJob(member, { title: `Freelance ${word}`, type: 'Freelance', company: `Studio ${word}` });
    const total = await liveJobCount();

    const page = await openPage();
    await page.goto('/jobs');
    await counterText(page).waitFor();
    // The board comes server-rendered: typed before hydration, the search would not be seen.
    await waitForHydration(page);
    await page.getByLabel('Search jobs').fill(word);
    await page.getByText(`Showing 2 of ${total} jobs`, { exact: true }).waitFor();
    await jobCard(page, contract.title).waitFor();
    await jobCard(page, freelance.title).waitFor();

    await pickOption(page, 'Job type', 'Contract');
    await page.getByText(`Showing 1 of ${total} jobs`, { exact: true }).waitFor();
    await jobCard(page, freelance.title).waitFor({ state: 'detached' });
    // Waited for, not looked at once: while the filtered list loads, no card is drawn at all.
    await jobCard(page, contract.title).waitFor();

    await pickOption(page, 'Job type', 'Freelance');
    await jobCard(page, freelance.title).waitFor();
    await jobCard(page, contract.title).waitFor({ state: 'detached' });

    await pickOption(page, 'Job type', 'All Types');
    // Both again before the next search: a count of 1 from the Freelance filter must not pass for the search's.
    await page.getByText(`Showing 2 of ${total} jobs`, { exact: true }).waitFor();
    await page.getByLabel('Search jobs').fill(`LUMEN${word.toUpperCase()}`);
    await jobCard(page, freelance.title).waitFor({ state: 'detached' });
    await page.getByText(`Showing 1 of ${total} jobs`, { exact: true }).waitFor();
    await jobCard(page, contract.title).waitFor();

    await page.getByLabel('Search jobs').fill(`Studio ${word}`);
    await jobCard(page, freelance.title).waitFor();
    await jobCard(page, contract.title).waitFor({ state: 'detached' });

    await page.getByLabel('Search jobs').fill(uniqueWord('nomatch'));
    await page.getByRole('heading', { name: 'No jobs match your search' }).waitFor();
    await page.getByText(`Showing 0 of ${total} jobs`, { exact: true }).waitFor();
  });

  it('carries schema.org JobPosting data for the listings shown', async () => {
    const member = await signUpMember();
    const job = await postPaidJob(member, { title: uniqueWord('Structured '), type: 'Part-time', remote: 'true' });
    const page = await openPage();
    await page.goto('/jobs');
    await page.getByLabel('Search jobs').fill(job.title);
    await jobCard(page, job.title).waitFor();
    await counterText(page).filter({ hasText: 'Showing 1 of' }).waitFor();

    const scripts = page.locator('script[type="application/ld+json"]');
    expect(await scripts.count()).toBe(1);
    const data = JSON.parse((await scripts.textContent()) ?? '') as { '@context': string; '@graph': Record<string, unknown>[] };
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph']).toHaveLength(1);
    expect(data['@graph'][0]).toMatchObject({
      '@type': 'JobPosting',
      title: job.title,
      employmentType: 'PART_TIME',
      jobLocationType: 'TELECOMMUTE',
      hiringOrganization: { '@type': 'Organization', name: 'Diffusion Labs' },
      validThrough: job.activeUntil,
    });
  });
});

describe('My Jobs on the profile', () => {
  it("lists the member's jobs: 'Awaiting payment' with 'Complete payment', 'Active until' with views and apply clicks", async () => {
    const member = await signUpMember();
    const unpaid = await postJob(member, { title: uniqueWord('Unpaid ') });
    const paid = await postPaidJob(member, { title: uniqueWord('Paid ') });
    // A visitor reads the listing and clicks Apply once (the counting redirect).
    expect((await apiFetch('GET', `/api/jobs/${paid.id}`)).ok).toBe(true);
    const applied = await fetch(`${baseUrl()}/api/jobs/${paid.id}/apply`, { redirect: 'manual' });
    expect(applied.headers.get('location')).toBe('mailto:jobs@diffusion.example');

    const page = await openPage({ member });
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'My Jobs' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'jobs');
    const panel = page.getByRole('tabpanel', { name: 'My Jobs' });

    const unpaidRow = panel.getByRole('article', { name: unpaid.title });
    await unpaidRow.getByText('Awaiting payment', { exact: true }).waitFor();
    const paidRow = panel.getByRole('article', { name: paid.title });
    const until = longDate(paid.activeUntil ?? '');
    await paidRow.getByText(`Active until ${until}`, { exact: true }).waitFor();
    const figure = (label: string) => paidRow.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    expect(await figure('Views').innerText()).toBe('1');
    expect(await figure('Apply clicks').innerText()).toBe('1');
    expect(await paidRow.getByRole('link', { name: /Complete payment/ }).count()).toBe(0);

    await unpaidRow.getByRole('link', { name: `Complete payment for ${unpaid.title}` }).click();
    await page.waitForURL((url) => url.pathname === '/post-job' && url.searchParams.get('job') === String(unpaid.id));
    await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $250' }).click();
    await page.getByRole('heading', { name: 'Job Posted Successfully!' }).waitFor();

    await page.getByRole('link', { name: 'Manage My Jobs' }).click();
    await page.getByRole('tabpanel', { name: 'My Jobs' }).getByRole('article', { name: unpaid.title }).getByText(/^Active until /).waitFor();
  });
});
