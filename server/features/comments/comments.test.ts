// Comments on projects: who may write, edit and delete them, what each viewer sees, replies,
// paging, counts, the rate limit, blocking's effect, and what moderation does to a comment.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_COMMENT_TEXT, type TComment, type TReply } from '../../../shared/schemas/comment';
import type { TProject } from '../../../shared/schemas/project';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildComment, buildProject, buildUser, cookieFor } from '../../test/factories';
import { leave } from '../members/members.service';
import { deleteCommentByModerator, describeComment, hideComment, restoreComment } from './comments.service';

describe.each(ENGINES)('comments on %s', (engine) => {
  let t: TTestApp;
  let owner: UserRow;
  let ownerCookie: string;
  let ada: UserRow;
  let adaCookie: string;
  let project: TProject;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { COMMENTS_PER_HOUR: '5' } });
    owner = await buildUser(t.ctx, { first_name: 'Mira', last_name: 'Sol' });
    ownerCookie = await cookieFor(t.ctx, owner);
    ada = await buildUser(t.ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    adaCookie = await cookieFor(t.ctx, ada);
    project = await buildProject(t.ctx, owner, { title: 'Solar Bloom' });
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (cookie: string | undefined, payload: Record<string, unknown>, projectId = project.id) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/comments`, headers: cookie ? { cookie } : {}, payload });
  const list = async (cookie?: string, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/comments${query}`, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return { comments: response.json<TComment[]>(), headers: response.headers };
  };
  const count = async () => (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}` })).json<TProject>().commentsCount;
  const patch = (cookie: string, id: number, body: string) => t.app.inject({ method: 'PATCH', url: `/api/comments/${id}`, headers: { cookie }, payload: { body } });
  const remove = (cookie: string | undefined, id: number) => t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: cookie ? { cookie } : {} });
  const staffMember = async () => {
    const moderator = await buildUser(t.ctx, { role: 'moderator' });
    return { moderator, cookie: await cookieFor(t.ctx, moderator) };
  };

  describe('POST /api/projects/{id}/comments', () => {
    it('adds a trimmed comment by a member, answers its shape and counts it on the project', async () => {
      expect(await count()).toBe(0);
      const response = await post(adaCookie, { body: '  Wonderful light.  ' });
      expect(response.statusCode).toBe(201);
      const comment = response.json<TComment>();
      expect(comment).toMatchObject({
        projectId: project.id,
        parentId: null,
        body: 'Wonderful light.',
        author: { id: ada.id, name: 'Ada Lovelace', profileImageUrl: null },
        editedAt: null,
        deleted: false,
        moderation: null,
        canEdit: true,
        canDelete: true,
        replyCount: 0,
        replies: [],
      });
      expect(JSON.stringify(comment)).not.toContain(ada.email);
      expect(await count()).toBe(1);
    });

    it('refuses visitors (401), empty and over-long text (400) and unknown projects (404)', async () => {
      expect((await post(undefined, { body: 'Hi' })).statusCode).toBe(401);
      const empty = await post(adaCookie, { body: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual([{ field: 'body', message: 'Please write a comment' }]);
      const long = await post(adaCookie, { body: 'x'.repeat(2001) });
      expect(long.json().details).toEqual([{ field: 'body', message: 'Comments can be up to 2,000 characters' }]);
      expect((await post(adaCookie, { body: 'x'.repeat(2000) })).statusCode).toBe(201);
      expect((await post(adaCookie, { body: 'Hi' }, 2_000_000)).statusCode).toBe(404);
      expect(await count()).toBe(1);
    });

    it('adds a reply under its top-level comment; a reply to a reply joins the same thread', async () => {
      const top = await buildComment(t.ctx, owner, project.id, { body: 'Thanks for looking!' });
      const reply = (await post(adaCookie, { body: 'First reply', parentId: top.id })).json<TComment>();
      expect(reply.parentId).toBe(top.id);
      const nested = (await post(ownerCookie, { body: 'Reply to the reply', parentId: reply.id })).json<TComment>();
      expect(nested.parentId).toBe(top.id);
      const { comments } = await list();
      expect(comments).toHaveLength(1);
      expect(comments[0]!.replyCount).toBe(2);
      expect(comments[0]!.replies.map((r) => r.body)).toEqual(['First reply', 'Reply to the reply']);
      expect(await count()).toBe(3);
    });

    it("refuses a parent of another project or a deleted parent (400)", async () => {
      const other = await buildProject(t.ctx, owner);
      const elsewhere = await buildComment(t.ctx, ada, other.id);
      const wrong = await post(adaCookie, { body: 'Hi', parentId: elsewhere.id });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details).toEqual([{ field: 'parentId', message: 'Comment not found' }]);
      const gone = await buildComment(t.ctx, ada, project.id);
      await remove(adaCookie, gone.id);
      expect((await post(adaCookie, { body: 'Hi', parentId: gone.id })).statusCode).toBe(400);
    });

    it('limits each member to COMMENTS_PER_HOUR with 429 and Retry-After', async () => {
      for (let i = 0; i < 5; i += 1) expect((await post(adaCookie, { body: `Comment ${i}` })).statusCode).toBe(201);
      const refused = await post(adaCookie, { body: 'One too many' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('You are commenting too quickly. Please try again later.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another member has a budget of their own.
      expect((await post(ownerCookie, { body: 'Mine' })).statusCode).toBe(201);
    });

    it("refuses a member the project's creator blocked (403)", async () => {
      await t.app.inject({ method: 'POST', url: `/api/users/${ada.id}/block`, headers: { cookie: ownerCookie } });
      const refused = await post(adaCookie, { body: 'Hello?' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You cannot comment on this project');
      expect(await count()).toBe(0);
    });
  });

  describe('GET /api/projects/{id}/comments', () => {
    it('pages top-level comments newest first, each with its first 3 replies oldest first', async () => {
      const first = await buildComment(t.ctx, ada, project.id, { body: 'one' });
      t.clock.advance(1000);
      await buildComment(t.ctx, ada, project.id, { body: 'two' });
      t.clock.advance(1000);
      await buildComment(t.ctx, ada, project.id, { body: 'three' });
      for (let i = 1; i <= 5; i += 1) {
        t.clock.advance(1000);
        await buildComment(t.ctx, owner, project.id, { body: `reply ${i}`, parentId: first.id });
      }
      const page1 = await list(undefined, '?limit=2');
      expect(page1.comments.map((c) => c.body)).toEqual(['three', 'two']);
      expect(page1.headers['x-has-more']).toBe('true');
      const page2 = await list(undefined, `?limit=2&cursor=${page1.headers['x-next-cursor']}`);
      expect(page2.comments.map((c) => c.body)).toEqual(['one']);
      expect(page2.headers['x-has-more']).toBe('false');
      expect(page2.comments[0]!.replyCount).toBe(5);
      expect(page2.comments[0]!.replies.map((r) => r.body)).toEqual(['reply 1', 'reply 2', 'reply 3']);
      // Visitors may do nothing to any of them.
      expect(page2.comments[0]).toMatchObject({ canEdit: false, canDelete: false });

      const rest = await t.app.inject({ method: 'GET', url: `/api/comments/${first.id}/replies?limit=3` });
      expect(rest.json<TReply[]>().map((r) => r.body)).toEqual(['reply 1', 'reply 2', 'reply 3']);
      const more = await t.app.inject({ method: 'GET', url: `/api/comments/${first.id}/replies?limit=3&cursor=${rest.headers['x-next-cursor']}` });
      expect(more.json<TReply[]>().map((r) => r.body)).toEqual(['reply 4', 'reply 5']);
      expect(more.headers['x-has-more']).toBe('false');
    });

    it('brings a focused reply (a #comment link) into its thread past the first 3', async () => {
      const top = await buildComment(t.ctx, ada, project.id, { body: 'top' });
      const replies = [];
      for (let i = 1; i <= 5; i += 1) {
        t.clock.advance(1000);
        replies.push(await buildComment(t.ctx, owner, project.id, { body: `reply ${i}`, parentId: top.id }));
      }
      const focused = (await list(undefined, `?focus=${replies[4]!.id}`)).comments[0]!;
      expect(focused.replies.map((r) => r.body)).toEqual(['reply 1', 'reply 2', 'reply 3', 'reply 5']);
      expect((await list(undefined, `?focus=${replies[1]!.id}`)).comments[0]!.replies).toHaveLength(3);
      expect((await list(undefined, '?focus=2000000')).comments[0]!.replies).toHaveLength(3);
    });

    it('answers 404 for an unknown project and 400 for a forged cursor', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/projects/2000000/comments' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/comments?cursor=nonsense` })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/comments/2000000/replies' })).statusCode).toBe(404);
    });

    it("tells each viewer what they may do: the author edits and deletes, the project's creator and staff delete", async () => {
      await buildComment(t.ctx, ada, project.id);
      const { cookie: moderatorCookie } = await staffMember();
      const stranger = await cookieFor(t.ctx, await buildUser(t.ctx));
      expect((await list(adaCookie)).comments[0]).toMatchObject({ canEdit: true, canDelete: true });
      expect((await list(ownerCookie)).comments[0]).toMatchObject({ canEdit: false, canDelete: true });
      expect((await list(moderatorCookie)).comments[0]).toMatchObject({ canEdit: false, canDelete: true });
      expect((await list(stranger)).comments[0]).toMatchObject({ canEdit: false, canDelete: false });
    });

    it('hides the comments of members the viewer blocked, from the viewer only', async () => {
      await buildComment(t.ctx, ada, project.id, { body: 'from Ada' });
      const top = await buildComment(t.ctx, owner, project.id, { body: 'from Mira' });
      await buildComment(t.ctx, ada, project.id, { body: 'Ada replies', parentId: top.id });
      const viewer = await buildUser(t.ctx);
      const viewerCookie = await cookieFor(t.ctx, viewer);
      await t.app.inject({ method: 'POST', url: `/api/users/${ada.id}/block`, headers: { cookie: viewerCookie } });
      const seen = (await list(viewerCookie)).comments;
      expect(seen.map((c) => c.body)).toEqual(['from Mira']);
      expect(seen[0]!.replies).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/comments/${top.id}/replies`, headers: { cookie: viewerCookie } })).json()).toEqual([]);
      expect((await list()).comments.map((c) => c.body)).toEqual(['from Mira', 'from Ada']);
    });
  });

  describe('PATCH /api/comments/{id}', () => {
    it('lets the author change the text, marked as edited', async () => {
      const comment = await buildComment(t.ctx, ada, project.id);
      const response = await patch(adaCookie, comment.id, '  Better words.  ');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ body: 'Better words.', canEdit: true });
      expect(response.json<TReply>().editedAt).not.toBeNull();
      expect((await list()).comments[0]).toMatchObject({ body: 'Better words.', editedAt: response.json<TReply>().editedAt });
    });

    it("refuses anyone but the author (403), even the project's creator and staff, and bad text (400)", async () => {
      const comment = await buildComment(t.ctx, ada, project.id, { body: 'Original' });
      const { cookie: moderatorCookie } = await staffMember();
      expect((await patch(ownerCookie, comment.id, 'Not mine')).statusCode).toBe(403);
      expect((await patch(moderatorCookie, comment.id, 'Not mine')).statusCode).toBe(403);
      expect((await patch(adaCookie, comment.id, ' ')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/comments/${comment.id}`, payload: { body: 'x' } })).statusCode).toBe(401);
      expect((await patch(adaCookie, 2_000_000, 'x')).statusCode).toBe(404);
      expect((await list()).comments[0]).toMatchObject({ body: 'Original', editedAt: null });
    });
  });

  describe('DELETE /api/comments/{id}', () => {
    it('lets the author delete: the comment goes from the list and the count', async () => {
      const comment = await buildComment(t.ctx, ada, project.id);
      expect(await count()).toBe(1);
      expect((await remove(adaCookie, comment.id)).statusCode).toBe(204);
      expect((await list()).comments).toEqual([]);
      expect(await count()).toBe(0);
      expect((await remove(adaCookie, comment.id)).statusCode).toBe(404);
    });

    it("lets the project's creator and staff delete others' comments, nobody else", async () => {
      const a = await buildComment(t.ctx, ada, project.id);
      const b = await buildComment(t.ctx, ada, project.id);
      const stranger = await cookieFor(t.ctx, await buildUser(t.ctx));
      const { cookie: moderatorCookie } = await staffMember();
      expect((await remove(undefined, a.id)).statusCode).toBe(401);
      expect((await remove(stranger, a.id)).statusCode).toBe(403);
      expect((await remove(ownerCookie, a.id)).statusCode).toBe(204);
      expect((await remove(moderatorCookie, b.id)).statusCode).toBe(204);
      expect(await count()).toBe(0);
    });

    it("does not let a creator delete comments on another creator's project", async () => {
      const otherCreator = await buildUser(t.ctx);
      const theirs = await buildProject(t.ctx, otherCreator);
      const comment = await buildComment(t.ctx, ada, theirs.id);
      expect((await remove(ownerCookie, comment.id)).statusCode).toBe(403);
    });

    it("keeps a deleted comment with replies as 'This comment was deleted.', and drops it with its last reply", async () => {
      const top = await buildComment(t.ctx, ada, project.id, { body: 'Secret text' });
      const reply = await buildComment(t.ctx, owner, project.id, { body: 'A reply', parentId: top.id });
      expect(await count()).toBe(2);
      await remove(adaCookie, top.id);
      const [shown] = (await list(adaCookie)).comments;
      expect(shown).toMatchObject({ id: top.id, body: DELETED_COMMENT_TEXT, author: null, deleted: true, canEdit: false, canDelete: false, replyCount: 1 });
      expect(JSON.stringify(shown)).not.toContain('Secret text');
      expect(shown!.replies.map((r) => r.body)).toEqual(['A reply']);
      expect(await count()).toBe(1);
      await remove(ownerCookie, reply.id);
      expect((await list()).comments).toEqual([]);
      expect(await count()).toBe(0);
    });
  });

  describe('moderation', () => {
    it('describes a comment for the report queue: the start of its text, its link, its author', async () => {
      const comment = await buildComment(t.ctx, ada, project.id, { body: `Spam ${'x'.repeat(200)}` });
      const described = await describeComment(t.ctx, comment.id);
      expect(described).toMatchObject({ type: 'comment', id: comment.id, url: `/project/${project.slug}#comment-${comment.id}`, owner: { id: ada.id, name: 'Ada Lovelace' }, hidden: false, deleted: false });
      expect(described!.label.startsWith('Spam xxx')).toBe(true);
      expect(described!.label.length).toBeLessThanOrEqual(80);
      await deleteCommentByModerator(t.ctx, comment.id);
      expect(await describeComment(t.ctx, comment.id)).toMatchObject({ label: '(deleted)', url: null, deleted: true });
      expect(await describeComment(t.ctx, 2_000_000)).toBeNull();
    });

    it('hides a comment from everyone but its author (who sees the reason) and staff; restoring brings it back', async () => {
      const comment = await buildComment(t.ctx, ada, project.id);
      const { cookie: moderatorCookie } = await staffMember();
      expect(await hideComment(t.ctx, comment.id, 'Harassment')).toBe(true);
      expect(await hideComment(t.ctx, comment.id, 'Harassment, again')).toBe(true);
      expect(await count()).toBe(0);
      expect((await list()).comments).toEqual([]);
      expect((await list(ownerCookie)).comments).toEqual([]);
      const [own] = (await list(adaCookie)).comments;
      expect(own!.moderation).toMatchObject({ hidden: true, reason: 'Harassment, again' });
      expect((await list(moderatorCookie)).comments[0]!.moderation).toMatchObject({ hidden: true });
      expect((await describeComment(t.ctx, comment.id))!.hidden).toBe(true);
      // Others cannot reach it to delete it either.
      expect((await remove(ownerCookie, comment.id)).statusCode).toBe(404);

      expect(await restoreComment(t.ctx, comment.id)).toBe(true);
      expect(await restoreComment(t.ctx, comment.id)).toBe(true);
      expect(await count()).toBe(1);
      expect((await list()).comments[0]!.moderation).toBeNull();
      expect(await hideComment(t.ctx, 2_000_000, 'x')).toBe(false);
    });

    it('keeps reply counts exact when a reply is hidden and restored', async () => {
      const top = await buildComment(t.ctx, owner, project.id);
      const reply = await buildComment(t.ctx, ada, project.id, { parentId: top.id });
      await hideComment(t.ctx, reply.id, 'Spam');
      expect((await list()).comments[0]).toMatchObject({ replyCount: 0, replies: [] });
      await restoreComment(t.ctx, reply.id);
      expect((await list()).comments[0]!.replyCount).toBe(1);
    });
  });

  it("takes a leaving member's comments, and the replies under them, out of others' counts", async () => {
    const other = await buildUser(t.ctx);
    const adaTop = await buildComment(t.ctx, ada, project.id);
    await buildComment(t.ctx, other, project.id, { parentId: adaTop.id });
    const otherTop = await buildComment(t.ctx, other, project.id);
    await buildComment(t.ctx, ada, project.id, { parentId: otherTop.id });
    expect(await count()).toBe(4);
    await leave(t.ctx, ada.id);
    expect(await count()).toBe(1);
    const { comments } = await list();
    expect(comments.map((c) => c.id)).toEqual([otherTop.id]);
    expect(comments[0]!.replyCount).toBe(0);
  });

  it('shows the count on gallery cards', async () => {
    await buildComment(t.ctx, ada, project.id);
    await buildComment(t.ctx, owner, project.id);
    const cards = (await t.app.inject({ method: 'GET', url: '/api/projects?sort=recent' })).json<TProject[]>();
    expect(cards.find((card) => card.id === project.id)!.commentsCount).toBe(2);
  });
});
