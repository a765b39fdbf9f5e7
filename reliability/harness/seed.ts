// A modest dataset made through the API, as real clients make it: members, then projects with media.
import { apiClient, type TApiMember } from '../../e2e/api-client';
import { MAX_FILES_PER_UPLOAD } from '../../server/features/media/receive-uploads';
import type { TProject } from '../../shared/schemas/project';
import { createMembers } from './members';
import type { TServerData } from './server-database';
import { tinyPng } from './tiny-image';

export async function seedThroughApi(server: TServerData & { url: string }, counts: { members: number; projects: number }): Promise<{ members: TApiMember[]; projects: TProject[] }> {
  const members = await createMembers(server, counts.members);
  const api = apiClient(server.url);
  const image = await tinyPng();
  const projects: TProject[] = [];
  while (projects.length < counts.projects) {
    const owner = members[projects.length % members.length]!;
    // A full upload request at a time: each file still becomes its own media row, for its own project.
    const batch = Math.min(MAX_FILES_PER_UPLOAD, counts.projects - projects.length);
    const { urls } = await api.uploadFiles(owner.cookie, Array.from({ length: batch }, () => image));
    for (const url of urls) {
      projects.push(await api.createProject(owner.cookie, { title: `Seeded project ${projects.length + 1}`, images: [url] }));
    }
  }
  return { members, projects };
}
