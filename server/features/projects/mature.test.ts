// Mature content: the creator's and staff's flag, visitors' lists without it, members' lists
// with it, the member's opt-in, and a blurred share image.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TProject } from '../../../shared/schemas/project';
import type { UserRow } from '../../db/schema';
import { multipartBody } from '../../lib/multipart-body';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildMedia, buildProject, buildUser, cookieFor } from '../../test/factories';
import { projectPageMeta } from './project-meta';

/** A checkerboard: all edges, so a blur shows plainly in its sharpness. */
const CHECKERBOARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><pattern id="c" width="32" height="32" patternUnits="userSpaceOnUse">
  <rect width="32" height="32" fill="#fff"/><rect width="16" height="16" fill="#000"/><rect x="16" y="16" width="16" height="16" fill="#000"/></pattern></defs>
  <rect width="800" height="600" fill="url(#c)"/></svg>`;

describe.each(ENGINES)('mature content on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://gallery.example' } });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const idsOf = async (url: string, cookie?: string) => {
    const response = await get(url, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TProject[]).map((project) => project.id).sort((a, b) => a - b);
  };
  const markAsStaff = (cookie: string | undefined, projectId: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/projects/${projectId}/mature`, headers: cookie ? { cookie } : {}, payload });
  const staff = async (role: UserRow['role']) => cookieFor(t.ctx, await buildUser(t.ctx, { role }));

  describe("the creator's flag", () => {
    it('is off unless the upload says so, and the creator can turn it on and off in an edit', async () => {
      const owner = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, owner);
      const body = (mature?: boolean) => ({ title: 'Nocturne', category: 'Illustration', tags: ['night'], ...(mature === undefined ? {} : { isMature: mature }) });
      const plain = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { ...body(), images: [(await buildMedia(t.ctx, owner.id)).url] } });
      expect(plain.json()).toMatchObject({ isMature: false });
      const mature = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { ...body(true), images: [(await buildMedia(t.ctx, owner.id)).url] } });
      expect(mature.statusCode).toBe(201);
      expect(mature.json()).toMatchObject({ isMature: true });

      const edit = (isMature: unknown) => t.app.inject({ method: 'PATCH', url: `/api/projects/${plain.json().id}`, headers: { cookie }, payload: { isMature } });
      expect((await edit(true)).json()).toMatchObject({ isMature: true });
      expect((await get(`/api/projects/${plain.json().id}`)).json()).toMatchObject({ isMature: true });
      expect((await edit(false)).json()).toMatchObject({ isMature: false });
      expect((await edit('yes')).statusCode).toBe(400);
    });
  });

  describe('lists', () => {
    async function twoProjects() {
      const owner = await buildUser(t.ctx);
      const plain = await buildProject(t.ctx, owner, { title: 'Nebula calm', tags: ['space'] });
      const mature = await buildProject(t.ctx, owner, { title: 'Nebula bare', tags: ['space'], mature: true });
      return { owner, plain, mature };
    }

    it("leaves mature projects out of visitors' gallery, tag, category, similar and search lists, and keeps them in members'", async () => {
      const { plain, mature } = await twoProjects();
      const lone = await buildProject(t.ctx, await buildUser(t.ctx), { tags: ['space'] });
      const member = await cookieFor(t.ctx, await buildUser(t.ctx));
      const lists = ['/api/projects', '/api/projects?sort=recent&tag=space', '/api/projects/category/Illustration?sort=popular', '/api/projects/search/nebula'];
      for (const url of lists) {
        expect(await idsOf(url), url).not.toContain(mature.id);
        expect(await idsOf(url), url).toContain(plain.id);
        expect(await idsOf(url, member), url).toContain(mature.id);
      }
      expect(await idsOf(`/api/projects/similar/${lone.id}`)).toEqual([plain.id]);
      expect(await idsOf(`/api/projects/similar/${lone.id}`, member)).toEqual([plain.id, mature.id]);
    });

    it("still shows them on their creator's page and at their own address, flagged", async () => {
      const { owner, plain, mature } = await twoProjects();
      expect(await idsOf(`/api/users/${owner.id}/projects`)).toEqual([plain.id, mature.id]);
      const page = await get(`/api/projects/slug/${mature.slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ id: mature.id, isMature: true });
      const listed = (await get(`/api/users/${owner.id}/projects`)).json() as TProject[];
      expect(listed.find((project) => project.id === mature.id)).toMatchObject({ isMature: true });
    });

    it("drops a project from visitors' cached lists as soon as it is marked mature", async () => {
      const { plain } = await twoProjects();
      expect(await idsOf('/api/projects')).toContain(plain.id);
      expect(await idsOf('/api/projects/search/calm')).toEqual([plain.id]);
      expect((await markAsStaff(await staff('moderator'), plain.id, { isMature: true, reason: 'Nudity' })).statusCode).toBe(200);
      expect(await idsOf('/api/projects')).not.toContain(plain.id);
      expect(await idsOf('/api/projects/search/calm')).toEqual([]);
      expect((await get(`/api/projects/${plain.id}`)).json()).toMatchObject({ isMature: true });
    });
  });

  describe('POST /api/admin/projects/:id/mature', () => {
    it('lets moderators and admins mark or unmark anyone’s project, with a reason', async () => {
      const project = await buildProject(t.ctx, await buildUser(t.ctx));
      const marked = await markAsStaff(await staff('moderator'), project.id, { isMature: true, reason: 'Graphic violence' });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ id: project.id, isMature: true });
      const unmarked = await markAsStaff(await staff('admin'), project.id, { isMature: false, reason: 'Nothing mature in it' });
      expect(unmarked.json()).toMatchObject({ isMature: false });
      expect((await get(`/api/projects/${project.id}`)).json()).toMatchObject({ isMature: false });
      const audit = await t.ctx.db.selectFrom('audit_log').select(['action', 'target_type', 'target_id', 'reason']).orderBy('id').execute();
      expect(audit).toEqual([
        { action: 'mature', target_type: 'project', target_id: project.id, reason: 'Graphic violence' },
        { action: 'not-mature', target_type: 'project', target_id: project.id, reason: 'Nothing mature in it' },
      ]);
    });

    it('refuses visitors (401) and members (403), even on their own project, and changes nothing', async () => {
      const owner = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, owner);
      expect((await markAsStaff(undefined, project.id, { isMature: true, reason: 'x' })).statusCode).toBe(401);
      expect((await markAsStaff(await cookieFor(t.ctx, owner), project.id, { isMature: true, reason: 'x' })).statusCode).toBe(403);
      expect((await markAsStaff(await staff('member'), project.id, { isMature: true, reason: 'x' })).statusCode).toBe(403);
      expect((await get(`/api/projects/${project.id}`)).json()).toMatchObject({ isMature: false });
    });

    it('asks for a reason (400) and answers 404 for a project that does not exist', async () => {
      const moderator = await staff('moderator');
      const project = await buildProject(t.ctx, await buildUser(t.ctx));
      const missing = await markAsStaff(moderator, project.id, { isMature: true, reason: '  ' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([{ field: 'reason', message: 'Please give a reason' }]);
      expect((await markAsStaff(moderator, 2_147_483_647, { isMature: true, reason: 'Nudity' })).statusCode).toBe(404);
    });
  });

  describe('the opt-in', () => {
    it('is off by default, and PUT /api/auth/preferences turns it on and off for the member alone', async () => {
      const member = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, member);
      const other = await cookieFor(t.ctx, await buildUser(t.ctx));
      expect((await get('/api/auth/me', cookie)).json()).toMatchObject({ showMature: false });
      const put = (payload: Record<string, unknown>, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'PUT', url: '/api/auth/preferences', headers, payload });
      const on = await put({ showMature: true });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: member.id, showMature: true });
      expect((await get('/api/auth/me', cookie)).json()).toMatchObject({ showMature: true });
      expect((await get('/api/auth/me', other)).json()).toMatchObject({ showMature: false });
      expect((await put({ showMature: false })).json()).toMatchObject({ showMature: false });
      expect((await put({ showMature: 'please' })).statusCode).toBe(400);
      expect((await put({ showMature: true }, {})).statusCode).toBe(401);
    });
  });

  describe('the share image', () => {
    async function uploadedProject(mature: boolean): Promise<TProject> {
      const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
      const upload = await multipartBody([{ filename: 'checkerboard.png', content: await sharp(Buffer.from(CHECKERBOARD_SVG)).png().toBuffer() }]);
      const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { cookie, ...upload.headers }, payload: upload.payload });
      expect(uploaded.statusCode).toBeLessThan(300);
      const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Share me', category: 'Illustration', images: uploaded.json().urls, tags: ['x'], isMature: mature } });
      expect(created.statusCode).toBe(201);
      return created.json();
    }
    const followed = async (url: string) => {
      const redirect = await get(url);
      expect(redirect.statusCode).toBe(302);
      const image = await get(String(redirect.headers.location));
      expect(image.statusCode).toBe(200);
      return { location: String(redirect.headers.location), bytes: image.rawPayload };
    };

    it("points a mature project's og:image and twitter:image at a blurred copy of its share still", async () => {
      const mature = await uploadedProject(true);
      const { meta } = await projectPageMeta(t.ctx, `/project/${mature.slug}`);
      expect(meta?.image).toBe(`https://gallery.example/api/projects/${mature.id}/og-image`);

      const original = mature.media[0]!.variants.og!.url;
      const blurred = await followed(`/api/projects/${mature.id}/og-image`);
      expect(blurred.location).not.toBe(original);
      const sharpness = async (bytes: Buffer) => (await sharp(bytes).stats()).sharpness;
      const originalBytes = (await get(original)).rawPayload;
      const metadata = await sharp(blurred.bytes).metadata();
      expect([metadata.width, metadata.height]).toEqual([1200, 630]);
      // A blur leaves almost no edges: a tiny fraction of the original's sharpness.
      expect(await sharpness(blurred.bytes)).toBeLessThan((await sharpness(originalBytes)) / 20);
      // Made once: the second share gets the same stored file.
      expect((await followed(`/api/projects/${mature.id}/og-image`)).location).toBe(blurred.location);
    });

    it("leaves a project's share image as it is when it is not mature", async () => {
      const plain = await uploadedProject(false);
      const { meta } = await projectPageMeta(t.ctx, `/project/${plain.slug}`);
      expect(meta?.image).toBe(`https://gallery.example${plain.media[0]!.variants.og!.url}`);
      expect((await followed(`/api/projects/${plain.id}/og-image`)).location).toBe(plain.media[0]!.variants.og!.url);
    });
  });
});
