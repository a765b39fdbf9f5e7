// A running server's API over fetch, called as the web client calls it (same Origin, the
// session cookie): the browser specs arrange data with it, the reliability suite drives whole
// server processes with it.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { TUploadResponse } from '../shared/schemas/media';
import type { TProject } from '../shared/schemas/project';

const FIXTURES_DIR = join(import.meta.dirname, '..', 'server', 'test', 'fixtures');

export interface TNewMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A member signed up through the API: `cookie` is the `sid` value for Node requests and browser contexts. */
export interface TApiMember extends TNewMember {
  id: number;
  cookie: string;
}

export interface TRequestOptions {
  cookie?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** More request headers (e.g. X-Forwarded-For, as a proxy in front of the server adds it). */
  headers?: Record<string, string>;
}

export interface TNewProject {
  title: string;
  description?: string;
  /** Comma-joined upload categories, as the upload form sends them. */
  category?: string;
  images: string[];
  tags?: string[];
  isMature?: boolean;
}

export async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** The `sid` value from a response's Set-Cookie headers. */
export function sessionCookie(response: Response): string {
  for (const header of response.headers.getSetCookie()) {
    const match = /^sid=([^;]+)/.exec(header);
    if (match?.[1]) return match[1];
  }
  throw new Error('No sid cookie in the response');
}

export interface TUploadFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Fixture files by name (in server/test/fixtures, e.g. 'a1111.png', 'clip.mp4'). */
export async function fixtureFiles(fixtureNames: string[]): Promise<TUploadFile[]> {
  return Promise.all(fixtureNames.map(async (name) => ({ name: basename(name), bytes: await readFile(join(FIXTURES_DIR, name)) })));
}

/** The form the upload page sends: every file under `images`. */
export function uploadForm(files: TUploadFile[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('images', new Blob([file.bytes]), file.name);
  return form;
}

export type TApiClient = ReturnType<typeof apiClient>;

/** The API of the server at `baseUrl` (e.g. http://127.0.0.1:4000). */
export function apiClient(baseUrl: string) {
  /** A request as the browser would send it: same Origin (the server refuses foreign ones), the session cookie. */
  async function request(method: string, path: string, options: TRequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: baseUrl, ...options.headers };
    if (options.cookie) headers.cookie = `sid=${options.cookie}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    return fetch(`${baseUrl}${path}`, { method, headers, body, signal: options.signal });
  }

  return {
    baseUrl,
    request,

    /** Signs up with the invitation code and keeps the session cookie. */
    async signUp(member: TNewMember, invitationCode: string, options: Pick<TRequestOptions, 'signal'> = {}): Promise<TApiMember> {
      const response = await expectOk(await request('POST', '/api/auth/signup', { json: { ...member, invitationCode }, ...options }), 'Sign-up');
      const user = (await response.json()) as { id: number };
      return { ...member, id: user.id, cookie: sessionCookie(response) };
    },

    /** Uploads files in one request, as the upload form does (field `images`). */
    async uploadFiles(cookie: string, files: TUploadFile[], options: Pick<TRequestOptions, 'signal'> = {}): Promise<TUploadResponse> {
      const response = await expectOk(await request('POST', '/api/upload', { cookie, form: uploadForm(files), ...options }), 'Upload');
      return (await response.json()) as TUploadResponse;
    },

    /** Uploads fixture files (names in server/test/fixtures) in one request. */
    async uploadFixtures(cookie: string, fixtureNames: string[], options: Pick<TRequestOptions, 'signal'> = {}): Promise<TUploadResponse> {
      return this.uploadFiles(cookie, await fixtureFiles(fixtureNames), options);
    },

    async createProject(cookie: string, project: TNewProject, options: Pick<TRequestOptions, 'signal'> = {}): Promise<TProject> {
      const json = { description: '', category: 'Illustration,Print', tags: ['api'], ...project };
      const response = await expectOk(await request('POST', '/api/projects', { cookie, json, ...options }), 'Create project');
      return (await response.json()) as TProject;
    },

    /** GET a JSON answer, optionally as a member. */
    async getJson<T>(path: string, cookie?: string): Promise<T> {
      const response = await expectOk(await request('GET', path, { cookie }), `GET ${path}`);
      return (await response.json()) as T;
    },
  };
}
