// `npm run seed:demo`: creators (each invited by the one before: a small invite tree) and
// projects with abstract artwork drawn offline by sharp, sent through the real sign-up,
// upload and project APIs, then liked, viewed and followed by each other.
import { UPLOAD_CATEGORIES } from '../../shared/constants';
import { buildApp } from '../app';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/open';
import { isRegistered } from '../features/accounts/accounts.service';
import { createOperatorCodes } from '../features/accounts/invitations.service';
import { drawArtwork } from '../lib/artwork';
import { multipartBody } from '../lib/multipart-body';
import { seededRandom } from '../lib/seeded-random';

const DEMO_DOMAIN = 'demo.example';
export const DEMO_PASSWORD = 'demo-password-123';

const CREATORS = [
  ['Ava', 'Moreau', 'Prompt engineer', 'Dreamy architecture and impossible light.'],
  ['Kenji', 'Sato', 'Motion designer', 'Loops, particles and generative motion.'],
  ['Lena', 'Fischer', 'Brand designer', 'AI-assisted identities for small studios.'],
  ['Omar', 'Haddad', 'Illustrator', 'Stable Diffusion sketches turned into posters.'],
  ['Priya', 'Nair', 'Product designer', 'Interfaces imagined with Midjourney.'],
  ['Mateo', 'Rossi', 'Art director', 'Editorial images with DALL-E and a lot of retouching.'],
] as const;

const SUBJECTS = ['Neon Koi Pond', 'Glass City at Dawn', 'Velvet Nebula', 'Paper Birds', 'Chrome Garden', 'Desert Signal', 'Tidal Library', 'Quiet Machines', 'Solar Bloom', 'Midnight Arcade', 'Cloud Atlas Poster', 'Soft Brutalism'];
const TOOLS = ['Midjourney', 'Stable Diffusion', 'DALL-E', 'Adobe Firefly', 'Leonardo AI'];
const TAGS = ['ai art', 'poster', 'abstract', 'branding', 'ui', 'motion', '3d render', 'character design', 'landscape', 'typography'];

const demoEmail = (firstName: string) => `${firstName.toLowerCase()}@${DEMO_DOMAIN}`;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const { database } = await openDatabase(config);
  if (await isRegistered(database, demoEmail(CREATORS[0][0]))) {
    console.log(`Demo data is already there (members @${DEMO_DOMAIN}). Nothing to do.`);
    await database.close();
    return;
  }
  const app = await buildApp({ config, database, logger: false });
  const origin = config.publicUrl;
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method, url, headers: { origin, ...(cookie ? { cookie } : {}), ...headers }, payload: payload as string });
    if (response.statusCode >= 400) throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
    return response;
  };

  try {
    const members: { id: number; cookie: string }[] = [];
    let [code] = await createOperatorCodes({ db: database.db, now: () => new Date() }, 1);
    for (const [index, [firstName, lastName, title, bio]] of CREATORS.entries()) {
      const email = demoEmail(firstName);
      const response = await call('POST', '/api/auth/signup', undefined, { email, password: DEMO_PASSWORD, firstName, lastName, invitationCode: code });
      const cookie = `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
      const user = response.json<{ id: number }>();
      await call('PATCH', '/api/auth/profile', cookie, { title, bio, website: `https://${firstName.toLowerCase()}.${DEMO_DOMAIN}` });
      members.push({ id: user.id, cookie });
      // The next creator joins with one of this creator's codes.
      code = (await call('GET', '/api/invitation-codes', cookie)).json<{ code: string }[]>()[0]!.code;
      process.stderr.write(`creator ${index + 1}/${CREATORS.length}\r`);
    }

    const next = seededRandom(42);
    const projectIds: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const owner = members[i % members.length]!;
      const images = await Promise.all(Array.from({ length: 1 + Math.floor(next() * 3) }, (_, j) => drawArtwork(i * 10 + j + 1)));
      const form = await multipartBody(images.map((content, j) => ({ filename: `artwork-${i}-${j}.jpg`, content, contentType: 'image/jpeg' })));
      const urls = (await call('POST', '/api/upload', owner.cookie, form.payload, form.headers)).json<{ urls: string[] }>().urls;
      const subject = SUBJECTS[i % SUBJECTS.length]!;
      const tool = TOOLS[Math.floor(next() * TOOLS.length)]!;
      const categories = [...new Set([UPLOAD_CATEGORIES[i % UPLOAD_CATEGORIES.length]!, UPLOAD_CATEGORIES[Math.floor(next() * UPLOAD_CATEGORIES.length)]!])];
      const tags = [...new Set([TAGS[i % TAGS.length]!, TAGS[Math.floor(next() * TAGS.length)]!, tool.toLowerCase()])];
      const project = await call('POST', '/api/projects', owner.cookie, {
        title: i < SUBJECTS.length ? subject : `${subject} ${Math.floor(i / SUBJECTS.length) + 1}`,
        description: `${subject}, made with ${tool}. Generated offline for the demo gallery.`,
        category: categories.join(','),
        images: urls,
        tags,
      });
      projectIds.push(project.json<{ id: number }>().id);
      process.stderr.write(`project ${i + 1}/30\r`);
    }

    for (const projectId of projectIds) {
      for (const member of members) if (next() < 0.45) await call('POST', `/api/projects/${projectId}/like`, member.cookie);
      const views = Math.floor(next() * 80);
      // Each a visitor of their own, counted by the project page like any other.
      for (let v = 0; v < views; v += 1) await app.inject({ url: `/api/projects/${projectId}`, remoteAddress: `10.0.${v >> 8}.${v & 255}` });
    }
    for (const follower of members) {
      for (const creator of members) if (follower !== creator && next() < 0.4) await call('POST', `/api/users/${creator.id}/follow`, follower.cookie);
    }
    console.log(`Seeded ${members.length} creators and ${projectIds.length} projects.`);
    console.log(`Sign in as any of them, e.g. ava@${DEMO_DOMAIN} with the password ${DEMO_PASSWORD}.`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
