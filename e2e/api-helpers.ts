// Arrange through the public API (Node fetch against the test server): members, media, projects.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { TUploadResponse } from '../shared/schemas/media';
import type { TProject } from '../shared/schemas/project';
import { baseUrl, inviteCodes, uniqueEmail, type TNewMember } from './helpers';

const FIXTURES_DIR = join(import.meta.dirname, '..', 'server', 'test', 'fixtures');

/** A member signed in through the API: `cookie` is the `sid` value for Node requests and browser contexts. */
export interface TApiMember extends TNewMember {
  id: number;
  cookie: string;
}

interface TRequestOptions {
  cookie?: string;
  json?: unknown;
  form?: FormData;
}

/** A request as the browser would send it: same Origin (the server refuses foreign ones), the session cookie. */
export async function apiFetch(method: string, path: string, options: TRequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: baseUrl() };
  if (options.cookie) headers.cookie = `sid=${options.cookie}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  return fetch(`${baseUrl()}${path}`, { method, headers, body });
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** The `sid` value from a response's Set-Cookie headers. */
function sessionCookie(response: Response): string {
  for (const header of response.headers.getSetCookie()) {
    const match = /^sid=([^;]+)/.exec(header);
    if (match?.[1]) return match[1];
  }
  throw new Error('No sid cookie in the response');
}

/** Signs up a new member with a fresh operator code and keeps the session cookie. */
export async function signUpMember(member: Partial<TNewMember> = {}): Promise<TApiMember> {
  const full: TNewMember = {
    email: member.email ?? uniqueEmail('api'),
    password: member.password ?? 'correct-horse-battery',
    firstName: member.firstName ?? 'Grace',
    lastName: member.lastName ?? 'Hopper',
  };
  const [invitationCode] = inviteCodes(1);
  const response = await expectOk(await apiFetch('POST', '/api/auth/signup', { json: { ...full, invitationCode } }), 'Sign-up');
  const user = (await response.json()) as { id: number };
  return { ...full, id: user.id, cookie: sessionCookie(response) };
}

/** Uploads fixture files (names in server/test/fixtures, e.g. 'a1111.png', 'clip.mp4') in one request. */
export async function uploadFixtures(member: TApiMember, fixtureNames: string[]): Promise<TUploadResponse> {
  const form = new FormData();
  for (const name of fixtureNames) {
    const bytes = await readFile(join(FIXTURES_DIR, name));
    form.append('images', new Blob([bytes]), basename(name));
  }
  const response = await expectOk(await apiFetch('POST', '/api/upload', { cookie: member.cookie, form }), 'Upload');
  return (await response.json()) as TUploadResponse;
}

export interface TNewProject {
  title: string;
  description?: string;
  /** Comma-joined upload categories, as the upload form sends them. */
  category?: string;
  images: string[];
  tags?: string[];
}

export async function createProject(member: TApiMember, project: TNewProject): Promise<TProject> {
  const body = { description: '', category: 'Illustration,Print', tags: ['e2e'], ...project };
  const response = await expectOk(await apiFetch('POST', '/api/projects', { cookie: member.cookie, json: body }), 'Create project');
  return (await response.json()) as TProject;
}

/** Uploads one fixture (each media row belongs to one project) and creates a project with it. */
export async function createProjectWithMedia(member: TApiMember, project: Omit<TNewProject, 'images'>, fixture = 'a1111.png'): Promise<TProject> {
  const { urls } = await uploadFixtures(member, [fixture]);
  return createProject(member, { ...project, images: urls });
}

/** GET a JSON answer, optionally as a member. */
export async function getJson<T>(path: string, cookie?: string): Promise<T> {
  const response = await expectOk(await apiFetch('GET', path, { cookie }), `GET ${path}`);
  return (await response.json()) as T;
}

/** Signs a Playwright context in as the member by adding the session cookie. */
export async function signInContext(context: BrowserContext, cookie: string): Promise<void> {
  await context.addCookies([{ name: 'sid', value: cookie, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
}
