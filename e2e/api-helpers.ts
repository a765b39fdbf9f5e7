// Arrange through the public API (Node fetch against the test server): members, media, projects.
import { PAGE_HEADERS } from '../shared/constants';
import type { TCreateJobBody, TMyJob, TPaymentSession, TTestCardPaymentResult } from '../shared/schemas/job';
import type { TUploadResponse } from '../shared/schemas/media';
import type { TProject } from '../shared/schemas/project';
import { apiClient, type TApiMember, type TNewMember, type TNewProject, type TRequestOptions } from './api-client';
import { baseUrl, inviteCodes, uniqueEmail } from './helpers';

export type { TApiMember, TNewProject };

const api = () => apiClient(baseUrl());

/** A request as the browser would send it: same Origin (the server refuses foreign ones), the session cookie. */
export function apiFetch(method: string, path: string, options: TRequestOptions = {}): Promise<Response> {
  return api().request(method, path, options);
}

/** Signs up a new member (with a fresh operator code unless given a member's) and keeps the session cookie. */
export async function signUpMember(member: Partial<TNewMember> = {}, invitationCode = inviteCodes(1)[0]): Promise<TApiMember> {
  const full: TNewMember = {
    email: member.email ?? uniqueEmail('api'),
    password: member.password ?? 'correct-horse-battery',
    firstName: member.firstName ?? 'Grace',
    lastName: member.lastName ?? 'Hopper',
  };
  return api().signUp(full, invitationCode ?? '');
}

/** Uploads fixture files (names in server/test/fixtures, e.g. 'a1111.png', 'clip.mp4') in one request. */
export function uploadFixtures(member: TApiMember, fixtureNames: string[]): Promise<TUploadResponse> {
  return api().uploadFixtures(member.cookie, fixtureNames);
}

export function createProject(member: TApiMember, project: TNewProject): Promise<TProject> {
  return api().createProject(member.cookie, { tags: ['e2e'], ...project });
}

/** Uploads one fixture (each media row belongs to one project) and creates a project with it. */
export async function createProjectWithMedia(member: TApiMember, project: Omit<TNewProject, 'images'>, fixture = 'a1111.png'): Promise<TProject> {
  const { urls } = await uploadFixtures(member, [fixture]);
  return createProject(member, { ...project, images: urls });
}

/** GET a JSON answer, optionally as a member. */
export function getJson<T>(path: string, cookie?: string): Promise<T> {
  return api().getJson<T>(path, cookie);
}

/** Every project a list answers (`/api/projects?sort=recent`, a category's, …), following the paging headers. */
export async function listAllProjects(path: string): Promise<TProject[]> {
  const all: TProject[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const response = await apiFetch('GET', `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...((await response.json()) as TProject[]));
    cursor = response.headers.get(PAGE_HEADERS.nextCursor);
  } while (cursor);
  return all;
}

/** The answer's JSON, or an error naming the step and what the server said. */
export async function expectJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let jobCounter = 0;

/** A live job listing: posted, paid with the test card (4242…) and confirmed through the API. */
export async function postPaidJob(member: TApiMember, changes: Partial<TCreateJobBody> = {}): Promise<TMyJob> {
  jobCounter += 1;
  const body: TCreateJobBody = {
    title: `Job ${Date.now().toString(36)}${jobCounter}`,
    company: 'Diffusion Labs',
    location: 'Berlin',
    type: 'Full-time',
    description: 'Design prompt libraries for our image models and review every output with the art team.',
    requirements: 'Two years of prompting experience',
    tags: ['prompting', 'comfyui'],
    applicationUrl: 'https://diffusion.example/jobs',
    remote: 'false',
    ...changes,
  };
  const job = await expectJson<TMyJob>(await apiFetch('POST', '/api/jobs', { cookie: member.cookie, json: body }), 'Create job');
  const session = await expectJson<TPaymentSession>(await apiFetch('POST', `/api/jobs/${job.id}/payment`, { cookie: member.cookie }), 'Payment session');
  const card = { clientSecret: session.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  const paid = await expectJson<TTestCardPaymentResult>(await apiFetch('POST', '/api/payments/test/confirm', { cookie: member.cookie, json: card }), 'Card payment');
  return expectJson<TMyJob>(
    await apiFetch('POST', `/api/jobs/${job.id}/confirm-payment`, { cookie: member.cookie, json: { paymentIntentId: paid.paymentIntent.id } }),
    'Confirm payment',
  );
}
