// The site's own pages (SPEC §2, §4, §5, §7, §8, §9; issue 6): the support and careers forms, the For
// Creators stats strip, the legal pages' date and address, and every route's title and description.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { statsCount } from '../shared/format';
import type { TSiteInfo, TSiteStats } from '../shared/schemas/contact';
import { getJson, signUpMember } from './api-helpers';
import { browserPerFile, holdRequests, siteName, toast, uniqueEmail } from './helpers';

const { openPage } = browserPerFile();
let site: TSiteInfo;

beforeAll(async () => {
  site = await getJson<TSiteInfo>('/api/site');
});

const isContactPost = (request: Request) => request.url().endsWith('/api/contact') && request.method() === 'POST';

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('support page', () => {
  it('insists on every field, then sends a support request to the site with the category in subject and message', async () => {
    const page = await openPage();
    const posted: Request[] = [];
    page.on('request', (request) => isContactPost(request) && posted.push(request));
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Support Center', level: 1 }).waitFor();

    const email = uniqueEmail('support');
    await page.getByLabel('Name', { exact: true }).fill('Sasha Support');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Subject', { exact: true }).fill('Cannot upload my video');
    await page.getByLabel('Message', { exact: true }).fill('The upload stops at 50%.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Please fill in all fields').filter({ hasText: 'All fields are required to submit your support request.' }).waitFor();
    expect(posted).toEqual([]);

    await choose(page, 'Category', 'Upload Issues');
    const release = await holdRequests(page, '**/api/contact');
    const sent = page.waitForRequest(isContactPost);
    await page.getByRole('button', { name: 'Send Message' }).click();
    // Disabled while sending, so a second click cannot send it twice.
    expect(await page.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    release();
    expect((await sent).postDataJSON()).toEqual({
      name: 'Sasha Support',
      email,
      subject: 'Support Request - Upload Issues: Cannot upload my video',
      message: 'Category: Upload Issues\n\nThe upload stops at 50%.',
      recipientId: 'support',
      projectId: null,
      projectTitle: null,
      website: '',
    });
    await toast(page, 'Message sent successfully').filter({ hasText: "We'll get back to you within 24 hours." }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'your request is on its way' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Category', { exact: true }).textContent()).toContain('Choose a category');
  });

  it("fills in a member's full name and e-mail", async () => {
    const member = await signUpMember({ firstName: 'Grace', lastName: 'Hopper' });
    const page = await openPage({ member });
    await page.goto('/support');
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Grace Hopper');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(member.email);
  });

  it("shows the server's reason when sending fails, and keeps what was written", async () => {
    const page = await openPage();
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too many messages. Please try again later.' }) }),
    );
    await page.goto('/support');
    await page.getByLabel('Name', { exact: true }).fill('Sasha Support');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('support'));
    await choose(page, 'Category', 'General Inquiry');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('Just saying hi.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Failed to send message').filter({ hasText: 'Too many messages. Please try again later.' }).waitFor();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Just saying hi.');
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
  });

  it('opens help articles in dialogs and shows the other ways to reach the team', async () => {
    const page = await openPage();
    await page.goto('/support');
    await page.getByRole('button', { name: /How to reset a password/ }).click();
    const article = page.getByRole('dialog', { name: 'How to reset a password' });
    await article.getByText('Reset links expire after 1 hour', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await article.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /Community Rules/ }).click();
    await page.getByRole('dialog', { name: 'Community Rules' }).waitFor();
    await page.keyboard.press('Escape');

    const reachUs = page.getByRole('complementary', { name: 'Other Ways to Reach Us' });
    expect(await reachUs.getByRole('link', { name: site.supportEmail }).getAttribute('href')).toBe(`mailto:${site.supportEmail}`);
    expect(await reachUs.getByText('Mon-Fri 9 AM-6 PM EST', { exact: true }).isVisible()).toBe(true);
    expect(await reachUs.getByText('within 24 hours', { exact: false }).isVisible()).toBe(true);
  });
});

describe('careers page', () => {
  it('insists on the required fields, then sends the application to the site with the SPEC subject and message', async () => {
    const page = await openPage();
    const posted: Request[] = [];
    page.on('request', (request) => isContactPost(request) && posted.push(request));
    await page.goto('/careers');
    await page.getByRole('heading', { name: 'Join Our Team', level: 1 }).waitFor();
    for (const value of ['Creative First', 'Innovation', 'Collaboration']) await page.getByRole('heading', { name: value, level: 3 }).waitFor();

    const email = uniqueEmail('applicant');
    await page.getByLabel('Full name').fill('Ada Applicant');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Cover letter').fill('I build fast, accessible interfaces.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await toast(page)
      .filter({ hasText: 'Please fill in all required fields' })
      .filter({ hasText: 'Name, email, position, experience level, and cover letter are required.' })
      .waitFor();
    expect(posted).toEqual([]);

    await choose(page, 'Position', 'Frontend Developer');
    await choose(page, 'Experience level', 'Senior (5+ years)');
    const sent = page.waitForRequest(isContactPost);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: 'Ada Applicant',
      email,
      subject: 'Career Application - Frontend Developer',
      message: 'Position: Frontend Developer\nExperience Level: Senior (5+ years)\n\nCover Letter:\nI build fast, accessible interfaces.\n\nResume/Portfolio: Not provided',
      recipientId: 'careers',
      projectId: null,
      projectTitle: 'Career Application',
      website: '',
    });
    await toast(page, 'Application sent successfully').filter({ hasText: "We'll review your application and get back to you soon." }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Thank you for applying!' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    expect(await page.getByLabel('Cover letter').inputValue()).toBe('');
  });

  it('sends the resume link when given and names the consent and equal-opportunity terms', async () => {
    const page = await openPage();
    await page.route('**/api/contact', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' }));
    await page.goto('/careers');
    await page.getByLabel('Full name').fill('Ada Applicant');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('applicant'));
    await choose(page, 'Position', 'Other');
    await choose(page, 'Experience level', 'Executive/Director');
    await page.getByLabel('Cover letter').fill('Hello.');
    await page.getByLabel('Resume or portfolio link (optional)').fill('https://example.com/ada.pdf');
    const sent = page.waitForRequest(isContactPost);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const body = (await sent).postDataJSON() as { subject: string; message: string };
    expect(body.subject).toBe('Career Application - Other');
    expect(body.message).toContain('Experience Level: Executive/Director');
    expect(body.message.endsWith('Resume/Portfolio: https://example.com/ada.pdf')).toBe(true);

    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await page.getByText('is an equal opportunity employer', { exact: false }).isVisible()).toBe(true);
  });

  it("shows the server's reason when an application fails", async () => {
    const page = await openPage();
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Validation failed', details: [{ field: 'email', message: 'Please enter a valid email address' }] }) }),
    );
    await page.goto('/careers');
    await page.getByLabel('Full name').fill('Ada Applicant');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await choose(page, 'Position', 'Data Analyst');
    await choose(page, 'Experience level', 'Entry Level (0-2 years)');
    await page.getByLabel('Cover letter').fill('Hello.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await toast(page, 'Failed to send application').filter({ hasText: 'Please enter a valid email address' }).waitFor();
  });
});

describe('for creators page', () => {
  const figure = (page: Page, label: string) => page.locator('dl div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

  it('shows Loading... and then the database figures from GET /api/stats', async () => {
    // Something to count, so the figures are not all zero.
    await signUpMember();
    const page = await openPage();
    const release = await holdRequests(page, '**/api/stats');
    await page.goto('/for-creators');
    await figure(page, 'Active Prompters').getByText('Loading...', { exact: true }).waitFor();
    release();
    await figure(page, 'Active Prompters').filter({ hasText: '+' }).waitFor();
    const stats = await getJson<TSiteStats>('/api/stats');
    expect(stats.users).toBeGreaterThan(0);
    expect(await figure(page, 'Active Prompters').textContent()).toBe(statsCount(stats.users));
    expect(await figure(page, 'Projects Showcased').textContent()).toBe(statsCount(stats.projects));
    expect(await figure(page, 'Total Views').textContent()).toBe(statsCount(stats.views));
    expect(await figure(page, 'Community Likes').textContent()).toBe(statsCount(stats.likes));

    expect(await page.getByRole('link', { name: 'Start Showcasing' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Explore Work' }).getAttribute('href')).toBe('/inspiration');
  });

  it('abbreviates large figures with K and M, one decimal and a trailing +', async () => {
    const page = await openPage();
    const stats: TSiteStats = { users: 999, projects: 1000, views: 1_240_000, likes: 45_600 };
    await page.route('**/api/stats', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(stats) }));
    await page.goto('/for-creators');
    await figure(page, 'Total Views').filter({ hasText: 'M+' }).waitFor();
    expect(await figure(page, 'Active Prompters').textContent()).toBe('999+');
    expect(await figure(page, 'Projects Showcased').textContent()).toBe('1.0K+');
    expect(await figure(page, 'Total Views').textContent()).toBe('1.2M+');
    expect(await figure(page, 'Community Likes').textContent()).toBe('45.6K+');
  });
});

describe('legal pages', () => {
  it('say they were last updated January 6, 2025 and give the configured support address', async () => {
    const page = await openPage();
    for (const [path, heading] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
      ['/cookies', 'Cookie Policy'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.getByText('Last updated: January 6, 2025', { exact: true }).isVisible()).toBe(true);
      const contact = page.getByRole('link', { name: site.supportEmail });
      await contact.waitFor();
      expect(await contact.getAttribute('href')).toBe(`mailto:${site.supportEmail}`);
    }
  });
});

describe('document head', () => {
  const DEFAULT_DESCRIPTION = "Discover the world's top AI creators: an invitation-only portfolio gallery and job board.";
  const ROUTES = [
    '/',
    '/support',
    '/careers',
    '/about',
    '/for-creators',
    '/terms',
    '/privacy',
    '/cookies',
    '/inspiration',
    '/search',
    '/login',
    '/signup',
    '/invitation-codes',
    '/profile',
    '/jobs',
    '/post-job',
    '/category/Illustration',
    '/project/no-such-project',
    '/creator/987654321',
    '/no-such-page',
  ];

  const head = (page: Page) =>
    page.evaluate(() => ({ title: document.title, description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '' }));

  it('gives every route its own title and meta description', async () => {
    const page = await openPage();
    const seen = new Map<string, string>();
    for (const path of ROUTES) {
      await page.goto(path);
      // Each page sets its head once it renders.
      await expect.poll(async () => (await head(page)).description, { message: path }).not.toBe(DEFAULT_DESCRIPTION);
      const { title, description } = await head(page);
      expect(title, path).toMatch(path === '/' ? new RegExp(`^${siteName()}$`) : new RegExp(`^.+ \\| ${siteName()}$`));
      expect(description.length, path).toBeGreaterThan(30);
      expect(seen.get(description), `${path} repeats the description of another page`).toBeUndefined();
      seen.set(description, path);
    }
  });

  it('updates the title and description when moving between pages without a reload', async () => {
    const page = await openPage();
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Support Center', level: 1 }).waitFor();
    const before = await head(page);
    expect(before.title).toBe(`Support Center | ${siteName()}`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'For Creators' }).click();
    await page.getByRole('link', { name: 'Start Showcasing' }).waitFor();
    const after = await head(page);
    expect(after.title).toBe(`For Creators | ${siteName()}`);
    expect(after.description).not.toBe(before.description);
    expect(after.description).toContain('Showcase your AI-generated work');
  });
});
