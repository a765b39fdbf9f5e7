// Hire messages end to end (issue 6): a visitor writes from a project page, the creator reads it
// in the Messages tab on /profile, and opening it marks it read.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TInboxMessage } from '../shared/schemas/contact';
import type { TProject } from '../shared/schemas/project';
import { createProjectWithMedia, getJson, signUpMember, type TApiMember } from './api-helpers';
import { browserPerFile, toast, uniqueEmail } from './helpers';

const { openPage } = browserPerFile();
let creator: TApiMember;
let project: TProject;

beforeAll(async () => {
  creator = await signUpMember({ firstName: 'Mira', lastName: 'Maker' });
  project = await createProjectWithMedia(creator, { title: `Neon Koi ${Date.now()}`, description: 'Koi in neon water.' });
});

describe('hire messages', () => {
  it("delivers a hire message from a project page to the creator's Messages tab, unread until opened", async () => {
    const sender = { name: 'Hana Hirer', email: uniqueEmail('hirer'), message: `Could you make a koi series for our tea brand? ${Date.now()}` };

    const visitor = await openPage();
    await visitor.goto(`/project/${project.slug}`);
    await visitor.getByRole('button', { name: 'Hire Me' }).click();
    const dialog = visitor.getByRole('dialog');
    expect(await dialog.getByLabel('Subject (optional)').inputValue()).toBe(`Interested in hiring you - ${project.title}`);

    await dialog.getByLabel('Your name').fill(sender.name);
    await dialog.getByLabel('Your email').fill(sender.email);
    await dialog.getByLabel('Message').fill('');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(visitor, 'Please fill in all required fields').waitFor();

    await dialog.getByLabel('Message').fill(sender.message);
    const sent = visitor.waitForRequest((request) => request.url().endsWith('/api/contact') && request.method() === 'POST');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(visitor, 'Message sent!').filter({ hasText: 'Your message has been sent to Mira Maker' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The honeypot travels with the message, empty because a person sent it.
    expect((await sent).postDataJSON()).toMatchObject({ recipientId: creator.id, projectId: project.id, website: '' });

    const page = await openPage({ member: creator });
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Messages (1 unread)' }).click();

    const list = page.getByRole('list', { name: 'Messages' });
    const row = list.getByRole('listitem').filter({ hasText: sender.message });
    await row.waitFor();
    expect(await row.getByText(sender.name, { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(sender.email, { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(`Interested in hiring you - ${project.title}`, { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('link', { name: project.title }).getAttribute('href')).toBe(`/project/${project.id}`);
    expect(await row.getByText('Unread', { exact: true }).isVisible()).toBe(true);

    const read = page.waitForResponse((response) => response.url().endsWith('/read') && response.request().method() === 'POST');
    await row.getByRole('button').click();
    const opened = page.getByRole('dialog');
    await opened.getByText(sender.message).waitFor();
    expect((await read).ok()).toBe(true);
    await opened.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Unread', { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Messages', exact: true }).waitFor();

    // Read on the server too, not just on this page.
    const inbox = await getJson<TInboxMessage[]>('/api/messages', creator.cookie);
    const stored = inbox.find((message) => message.message === sender.message);
    expect(stored?.readAt).toEqual(expect.any(String));
    await page.reload();
    await page.getByRole('tab', { name: 'Messages', exact: true }).click();
    await list.getByRole('listitem').filter({ hasText: sender.message }).waitFor();
    expect(await list.getByRole('listitem').filter({ hasText: sender.message }).getByText('Unread', { exact: true }).count()).toBe(0);
  });
});
