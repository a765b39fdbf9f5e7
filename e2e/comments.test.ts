// Comments (issue 14): a member comments on a project, replies, edits (the edited mark) and
// deletes; a visitor reads the comment, is asked to sign in, and sees the count on the card;
// a #comment-{id} link is scrolled to and highlighted; blocking from the creator page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TComment } from '../shared/schemas/comment';
import { apiFetch, createProjectWithMedia, getJson, signUpMember } from './api-helpers';
import { axeViolations } from './axe';
import { browserPerFile, toast } from './helpers';

const { openPage } = browserPerFile();

const comments = (page: Page) => page.getByRole('list', { name: 'Comments' });
const commentBy = (page: Page, name: string) => comments(page).getByRole('article', { name: `Comment by ${name}` });

describe('comments on the project page', () => {
  it('lets a member comment, reply, edit and delete, and a visitor read them and see the count on the card', async () => {
    const creator = await signUpMember({ firstName: 'Mira', lastName: 'Sol' });
    const project = await createProjectWithMedia(creator, { title: 'Solar Bloom', category: 'Illustration' });
    const ada = await signUpMember({ firstName: 'Ada', lastName: 'Lovelace' });

    const page = await openPage({ member: ada });
    await page.goto(`/project/${project.slug}`);
    await page.getByRole('heading', { name: 'Comments (0)' }).waitFor();
    await page.getByText('No comments yet.', { exact: false }).waitFor();

    await page.getByLabel('Add a comment').fill('The light is wonderful, see https://example.com/notes');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    const mine = commentBy(page, 'Ada Lovelace');
    await mine.waitFor();
    await page.getByRole('heading', { name: 'Comments (1)' }).waitFor();
    expect(await page.getByLabel('Add a comment').inputValue()).toBe('');
    const link = mine.getByRole('link', { name: 'https://example.com/notes' });
    expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(await link.getAttribute('target')).toBe('_blank');
    // The header's account button and the similar projects' cards (an image link has no name until
    // its lazy image is drawn) are known violations of step 5's list, not of comments.
    expect(await axeViolations(page, { exclude: ['header', 'section[aria-labelledby="similar-heading"]'] })).toEqual([]);

    // A reply, under the comment.
    await mine.getByRole('button', { name: 'Reply' }).first().click();
    await page.getByLabel('Your reply').fill('Answering myself');
    await page.getByRole('button', { name: 'Reply', exact: true }).last().click();
    const replies = page.getByRole('list', { name: 'Replies to Ada Lovelace' });
    await replies.getByText('Answering myself').waitFor();
    await page.getByRole('heading', { name: 'Comments (2)' }).waitFor();

    // An edit, marked as such.
    await mine.getByRole('button', { name: 'Edit' }).first().click();
    const editor = page.getByLabel('Edit your comment');
    await editor.fill('The light is wonderful.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await mine.getByText('The light is wonderful.', { exact: true }).waitFor();
    await mine.getByText('(edited)').first().waitFor();

    // Deleting the reply, after the confirmation.
    await replies.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await confirm.getByRole('button', { name: 'Delete Comment' }).click();
    await toast(page, 'Comment deleted').waitFor();
    await replies.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Comments (1)' }).waitFor();

    // A visitor reads it, is asked to sign in, and sees the count on the creator's card.
    const visitor = await openPage();
    await visitor.goto(`/project/${project.slug}`);
    await commentBy(visitor, 'Ada Lovelace').getByText('The light is wonderful.').waitFor();
    await visitor.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    expect(await visitor.getByLabel('Add a comment').count()).toBe(0);
    expect(await commentBy(visitor, 'Ada Lovelace').getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await visitor.goto(`/creator/${creator.id}`);
    const card = visitor.locator('article', { has: visitor.getByRole('link', { name: 'Solar Bloom', exact: true }) });
    await card.getByTitle('1 comment', { exact: true }).waitFor();
  });

  it('scrolls to and highlights the comment a #comment-{id} link names', async () => {
    const creator = await signUpMember({ firstName: 'Lin', lastName: 'Kai' });
    const project = await createProjectWithMedia(creator, { title: 'Night Harbour' });
    const response = await apiFetch('POST', `/api/projects/${project.id}/comments`, { cookie: creator.cookie, json: { body: 'Linked comment' } });
    const comment = (await response.json()) as TComment;
    const page = await openPage({ width: 600 });
    await page.goto(`/project/${project.slug}#comment-${comment.id}`);
    const target = page.locator(`#comment-${comment.id} article`);
    await target.waitFor();
    await page.waitForFunction((id) => {
      const box = document.getElementById(`comment-${id}`)?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    }, comment.id);
    expect(await target.getAttribute('class')).toContain('ring-2');
  });

  it('blocks a member from the creator page, after which their comment is hidden from the blocker', async () => {
    const creator = await signUpMember({ firstName: 'Bea', lastName: 'Blocker' });
    const project = await createProjectWithMedia(creator, { title: 'Quiet Field' });
    const troll = await signUpMember({ firstName: 'Tom', lastName: 'Troll' });
    await apiFetch('POST', `/api/projects/${project.id}/comments`, { cookie: troll.cookie, json: { body: 'Rude words' } });

    const page = await openPage({ member: creator });
    await page.goto(`/creator/${troll.id}`);
    await page.getByRole('button', { name: 'More actions for Tom Troll' }).click();
    await page.getByRole('menuitem', { name: 'Block Tom Troll' }).click();
    await page.getByRole('alertdialog', { name: 'Block Tom Troll?' }).getByRole('button', { name: 'Block' }).click();
    await toast(page, 'Tom Troll is blocked').waitFor();

    await page.goto(`/project/${project.slug}`);
    await page.getByRole('heading', { name: 'Comments (1)' }).waitFor();
    await page.getByText('No comments yet.', { exact: false }).waitFor();
    const refused = await apiFetch('POST', `/api/projects/${project.id}/comments`, { cookie: troll.cookie, json: { body: 'Again' } });
    expect(refused.status).toBe(403);
    expect(await getJson<TComment[]>(`/api/projects/${project.id}/comments`)).toHaveLength(1);
  });
});
