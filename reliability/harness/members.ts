// Members of a running server, signed up through its API with operator codes.
import { randomBytes } from 'node:crypto';
import { apiClient, type TApiMember, type TNewMember } from '../../e2e/api-client';
import { inviteCodes, type TServerData } from './server-database';

export type { TApiMember };

/** A new member's details; the e-mail is unique across runs and processes. */
export function newMemberDetails(overrides: Partial<TNewMember> = {}): TNewMember {
  return {
    email: `member-${randomBytes(6).toString('hex')}@example.com`,
    password: 'correct-horse-battery',
    firstName: 'Grace',
    lastName: 'Hopper',
    ...overrides,
  };
}

/** Signs up one member on the server and keeps the session cookie (no sign-in: its throttle stays untouched). */
export async function createMember(server: TServerData & { url: string }, overrides: Partial<TNewMember> = {}): Promise<TApiMember> {
  const [code] = await inviteCodes(server, 1);
  return apiClient(server.url).signUp(newMemberDetails(overrides), code!);
}

/** Signs up `count` members, a few at a time (each sign-up hashes a password on the server). */
export async function createMembers(server: TServerData & { url: string }, count: number, concurrency = 4): Promise<TApiMember[]> {
  const codes = await inviteCodes(server, count);
  const api = apiClient(server.url);
  const members: TApiMember[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      members[index] = await api.signUp(newMemberDetails({ lastName: `Hopper${index}` }), codes[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return members;
}
