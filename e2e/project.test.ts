// The project page (SPEC §2, §4, §8): share link, not-found view, similar projects, hire dialog,
// follow failures, and the per-project metadata in the raw HTML and in the running page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { createProjectWithMedia, signUpMember, type TApiMember } from './api-helpers';
import { baseUrl, browserPerFile, siteName, toast } from './helpers';

const { openPage } = browserPerFile();
let creator: TApiMember;
let project: TProject;

beforeAll(async () => {
  creator = await signUpMember({ firstName: 'Pia', lastName: 'Prompter' });
  project = await createProjectWithMedia(creator, { title: `Glass Orchard ${Date.now()}`, description: 'Orchard of glass trees at dawn.', tags: ['glass', 'orchard'] });
});

async function openProject(page: Page, target: TProject = project): Promise<void> {
  await page.goto(`/project/${target.slug}`);
  await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
  // The heading comes in the server's HTML: the page answers clicks once it has hydrated and
  // the header knows who is there (its account skeleton is replaced).
  await page.locator('header .animate-pulse').first().waitFor({ state: 'detached' });
}

describe('project page', () => {
  it('copies the {origin}/project/{id} link with a toast and a 2 s check mark', async () => {
    const page = await openPage();
    await openProject(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await toast(page, 'Link copied!').filter({ hasText: 'The project link has been copied to your clipboard.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/project/${project.id}`);
    const confirmed = page.getByRole('button', { name: 'Link copied' });
    expect(await confirmed.locator('svg.lucide-check').count()).toBe(1);
    // The check mark goes after 2 s.
    await page.getByRole('button', { name: 'Share' }).waitFor({ timeout: 3000 });
    expect(await confirmed.count()).toBe(0);
  });

  it('opens X, LinkedIn and Facebook share pages in a new window', async () => {
    const page = await openPage();
    await openProject(page);
    await page.evaluate(() => {
      const opened: string[] = [];
      (window as unknown as { opened: string[] }).opened = opened;
      window.open = (url?: string | URL, target?: string) => {
        opened.push(`${String(url)} ${target}`);
        return null;
      };
    });
    for (const network of ['X', 'LinkedIn', 'Facebook']) {
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('menuitem', { name: `Share on ${network}` }).click();
    }
    const link = encodeURIComponent(`${new URL(page.url()).origin}/project/${project.id}`);
    const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    expect(opened).toHaveLength(3);
    expect(opened[0]).toMatch(new RegExp(`^https://x\\.com/intent/tweet\\?url=${link}&text=.+ _blank$`));
    expect(opened[1]).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${link} _blank`);
    expect(opened[2]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${link} _blank`);
  });

  it('shows the not-found view for a missing slug or id', async () => {
    const page = await openPage();
    for (const path of ['/project/does-not-exist', '/project/987654321']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Project not found' }).waitFor();
      expect(await page.getByText("The project you're looking for doesn't exist or has been removed.").isVisible()).toBe(true);
    }
  });

  it("lists similar projects under 'Projects You Might Like'", async () => {
    const tag = `twin-${Date.now()}`;
    const first = await createProjectWithMedia(creator, { title: `Twin One ${Date.now()}`, tags: [tag], category: 'Social' }, 'gps.jpg');
    const second = await createProjectWithMedia(creator, { title: `Twin Two ${Date.now()}`, tags: [tag], category: 'Social' }, 'gps.jpg');
    const page = await openPage();
    await openProject(page, first);
    const similar = page.getByRole('region', { name: 'Projects You Might Like' });
    await similar.waitFor();
    await similar.getByRole('link', { name: second.title }).waitFor();
    expect(await similar.getByRole('link', { name: first.title }).count()).toBe(0);
  });

  it('opens the hire dialog prefilled, insists on the required fields and sends the message', async () => {
    const page = await openPage();
    const sent: unknown[] = [];
    await page.route('**/api/contact', async (route) => {
      sent.push(route.request().postDataJSON());
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' });
    });
    await openProject(page);
    await page.getByRole('button', { name: 'Hire Me' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Subject (optional)').inputValue()).toBe(`Interested in hiring you - ${project.title}`);
    expect(await dialog.getByLabel('Message').inputValue()).toContain(`Hi Pia,`);
    expect(await dialog.getByLabel('Your email').getAttribute('type')).toBe('email');
    expect(await dialog.getByLabel('Message').getAttribute('rows')).toBe('4');

    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Please fill in all required fields').waitFor();
    expect(sent).toEqual([]);

    await dialog.getByLabel('Your name').fill('Hank Hirer');
    await dialog.getByLabel('Your email').fill('hank@example.com');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent!').filter({ hasText: 'Your message has been sent to Pia Prompter' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toEqual([
      {
        name: 'Hank Hirer',
        email: 'hank@example.com',
        subject: `Interested in hiring you - ${project.title}`,
        message: `Hi Pia,\n\nI came across your project "${project.title}" and would love to talk about working together.`,
        recipientId: creator.id,
        projectId: project.id,
        projectTitle: project.title,
        website: '',
      },
    ]);
  });

  it('keeps the hire dialog open with the failure toast when sending fails', async () => {
    const member = await signUpMember({ firstName: 'Sam', lastName: 'Signedin' });
    const page = await openPage({ member });
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await openProject(page);
    await page.getByRole('button', { name: 'Hire Me' }).click();
    const dialog = page.getByRole('dialog');
    // A signed-in member's name and e-mail are filled in.
    expect(await dialog.getByLabel('Your name').inputValue()).toBe('Sam Signedin');
    expect(await dialog.getByLabel('Your email').inputValue()).toBe(member.email);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Failed to send message').filter({ hasText: 'Please try again or contact the creator directly' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });

  it('tells a signed-out visitor that following needs an account, and takes them to sign in with the way back (issue 16)', async () => {
    const page = await openPage();
    await openProject(page);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(page, 'Authentication required').filter({ hasText: 'Please sign in to follow creators' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/project/${project.slug}` && url.searchParams.get('do') === 'follow');
  });

  it('serves the title, og and twitter tags in the raw HTML of /project/{slug}', async () => {
    const response = await fetch(`${baseUrl()}/project/${project.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escapedTitle = project.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(html).toMatch(new RegExp(`<title>${escapedTitle} by Pia Prompter \\| ${siteName()}</title>`));
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="${escapedTitle} by Pia Prompter \\| ${siteName()}"`));
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(/^https?:\/\/[^/]+\//);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  });

  it('sets the project metadata in the page and restores the previous metadata on leaving', async () => {
    const page = await openPage();
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => document.querySelectorAll('meta[property^="og:"], meta[property^="article:"], meta[name="keywords"]').length)).toBe(0);

    // Client-side navigation: the page's own code has to set the metadata, the server's HTML is not involved.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/project/${project.id}`);
    await page.getByRole('heading', { name: project.title, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${project.title} by Pia Prompter | ${siteName()}`);
    const meta = await page.evaluate(() => {
      const content = (selector: string) => document.querySelector<HTMLMetaElement>(selector)?.content ?? null;
      return {
        title: document.title,
        description: content('meta[name="description"]'),
        keywords: content('meta[name="keywords"]'),
        author: content('meta[property="article:author"]'),
        section: content('meta[property="article:section"]'),
        tags: Array.from(document.querySelectorAll<HTMLMetaElement>('meta[property="article:tag"]')).map((tag) => tag.content),
        ogImage: content('meta[property="og:image"]'),
      };
    });
    expect(meta).toEqual({
      title: `${project.title} by Pia Prompter | ${siteName()}`,
      description: 'Orchard of glass trees at dawn.',
      keywords: 'glass, orchard',
      author: 'Pia Prompter',
      section: 'Illustration',
      tags: ['glass', 'orchard'],
      ogImage: new URL(project.media[0]!.variants.og!.url, baseUrl()).toString(),
    });

    await page.getByRole('link', { name: 'Back to Projects' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.title()).toBe(siteName());
    const after = await page.evaluate(() => ({
      tags: document.querySelectorAll('meta[property^="og:"], meta[property^="article:"], meta[name="keywords"]').length,
      description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
    }));
    // The project's tags are gone; the description is the home page's own again, not the project's.
    expect(after.tags).toBe(0);
    expect(after.description).toBeTruthy();
    expect(after.description).not.toBe(meta.description);
    expect(await page.evaluate(() => document.querySelectorAll('meta[name="description"]').length)).toBe(1);
  });

  it("drops the server's share tags once the visitor leaves a project page opened directly", async () => {
    const page = await openPage();
    await openProject(page);
    const shareTags = () => page.evaluate(() => document.querySelectorAll('meta[property^="og:"], meta[property^="article:"], meta[name^="twitter:"], link[rel="canonical"]').length);
    expect(await shareTags()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect.poll(() => page.title()).toBe(siteName());
    expect(await shareTags()).toBe(0);
  });
});
