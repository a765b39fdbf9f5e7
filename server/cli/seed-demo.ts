// `npm run seed:demo`: creators (each invited by the one before: a small invite tree) and
// projects with artwork drawn offline by sharp (landscapes, flat portraits, posters), sent
// through the real sign-up, upload and project APIs, then liked, viewed, commented on and
// followed by each other; and jobs on the board, posted and paid with the test card.
import { UPLOAD_CATEGORIES } from '../../shared/constants';
import { buildApp } from '../app';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/open';
import { isRegistered } from '../features/accounts/accounts.service';
import { createOperatorCodes } from '../features/accounts/invitations.service';
import { ARTWORK_KINDS, drawArtwork, type TArtworkKind } from '../lib/artwork';
import { multipartBody } from '../lib/multipart-body';
import { seededRandom } from '../lib/seeded-random';

const DEMO_DOMAIN = 'demo.example';
const PROJECTS = 30;
export const DEMO_PASSWORD = 'demo-password-123';

const CREATORS = [
  ['Ava', 'Moreau', 'Prompt engineer', 'Dreamy architecture and impossible light.'],
  ['Kenji', 'Sato', 'Motion designer', 'Loops, particles and generative motion.'],
  ['Lena', 'Fischer', 'Brand designer', 'AI-assisted identities for small studios.'],
  ['Omar', 'Haddad', 'Illustrator', 'Stable Diffusion sketches turned into posters.'],
  ['Priya', 'Nair', 'Product designer', 'Interfaces imagined with Midjourney.'],
  ['Mateo', 'Rossi', 'Art director', 'Editorial images with DALL-E and a lot of retouching.'],
] as const;

/** Titles for each kind of artwork (the seed cycles landscape, portrait, poster). */
const SUBJECTS: Record<TArtworkKind, readonly string[]> = {
  landscape: ['Glass Lake at Dawn', 'Moonlit Range', 'Velvet Fjord', 'Desert Signal', 'Tidal Library', 'Solar Bloom', 'Quiet Valley', 'Pine Mirror', 'Cold Harbour', 'Pastel Ridge'],
  portrait: ['Paper Birds', 'Portrait in Coral', 'The Night Shift', 'Halo Study', 'Soft Brutalism', 'Violet Curls', 'Morning Person', 'Gold Frames', 'Quiet Machines', 'Sunday Face'],
  poster: ['Neon Koi Pond', 'Chrome Garden', 'Midnight Arcade', 'Cloud Atlas Poster', 'Bauhaus Remix', 'Orbit Series', 'Grid Manifesto', 'Echo Chamber', 'Swiss Signal', 'Tide Tables'],
};
const KIND_TAGS: Record<TArtworkKind, string> = { landscape: 'landscape', portrait: 'character design', poster: 'poster' };
const TOOLS = ['Midjourney', 'Stable Diffusion', 'DALL-E', 'Adobe Firefly', 'Leonardo AI'];
const TAGS = ['ai art', 'abstract', 'branding', 'ui', 'motion', '3d render', 'typography', 'flat design', 'colour study', 'editorial'];

const COMMENTS = [
  'The palette on this is gorgeous.',
  'How many iterations did this take? The composition feels hand-made.',
  'Love the layering here, it reads well even as a thumbnail.',
  'Would buy this as a print.',
  'The reflections are a lovely touch.',
  'Which model did you use for the base? The shapes are so clean.',
  'This would make a great album cover.',
  'Saving this for my next moodboard.',
] as const;
const REPLIES = ['Thank you! About forty prompts and a lot of inpainting.', 'Thanks, glad it works small too.', 'Mostly the base model, then a pass of retouching by hand.'] as const;

const JOBS = [
  { title: 'Prompt Engineer for Product Imagery', company: 'Lumen Studio', location: 'Berlin', type: 'Full-time', remote: 'false', salary: '€70,000 – €85,000' },
  { title: 'AI Motion Designer', company: 'Northwind Media', location: 'Remote (Europe)', type: 'Contract', remote: 'true', salary: '€450 / day' },
  { title: 'Generative Brand Designer', company: 'Paper Crane', location: 'London', type: 'Full-time', remote: 'false', salary: '£60,000' },
  { title: 'Illustrator for a Children’s Book (AI-assisted)', company: 'Tiny Lantern Books', location: 'Remote', type: 'Freelance', remote: 'true', salary: '$6,000 fixed' },
  { title: 'Creative Technologist, Diffusion Pipelines', company: 'Orbit Labs', location: 'San Francisco', type: 'Full-time', remote: 'false', salary: '$150,000 – $180,000' },
  { title: 'Part-time Art Director for AI Campaigns', company: 'Soft Signal', location: 'Lisbon', type: 'Part-time', remote: 'true' },
] as const;

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
    // One or two pictures a project, all of its kind (landscape, portrait, poster in turn); the
    // next project's are drawn while this one's upload is processed.
    const pictureCounts = Array.from({ length: PROJECTS }, () => 1 + Math.floor(next() * 2));
    const draw = (i: number) => Promise.all(Array.from({ length: pictureCounts[i]! }, (_, j) => drawArtwork(i * 10 + j + 1, ARTWORK_KINDS[i % ARTWORK_KINDS.length])));
    let drawing = draw(0);
    for (let i = 0; i < PROJECTS; i += 1) {
      const owner = members[i % members.length]!;
      const kind = ARTWORK_KINDS[i % ARTWORK_KINDS.length]!;
      const images = await drawing;
      if (i + 1 < PROJECTS) drawing = draw(i + 1);
      const form = await multipartBody(images.map((content, j) => ({ filename: `artwork-${i}-${j}.jpg`, content, contentType: 'image/jpeg' })));
      const urls = (await call('POST', '/api/upload', owner.cookie, form.payload, form.headers)).json<{ urls: string[] }>().urls;
      const subject = SUBJECTS[kind][Math.floor(i / ARTWORK_KINDS.length) % SUBJECTS[kind].length]!;
      const tool = TOOLS[Math.floor(next() * TOOLS.length)]!;
      const categories = [...new Set([UPLOAD_CATEGORIES[i % UPLOAD_CATEGORIES.length]!, UPLOAD_CATEGORIES[Math.floor(next() * UPLOAD_CATEGORIES.length)]!])];
      const tags = [...new Set([KIND_TAGS[kind], TAGS[i % TAGS.length]!, TAGS[Math.floor(next() * TAGS.length)]!, tool.toLowerCase()])];
      const project = await call('POST', '/api/projects', owner.cookie, {
        title: subject,
        description: `${subject}, made with ${tool}: a ${kind} drawn offline for the demo gallery.`,
        category: categories.join(','),
        images: urls,
        tags,
      });
      projectIds.push(project.json<{ id: number }>().id);
      process.stderr.write(`project ${i + 1}/${PROJECTS}\r`);
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

    // Comments: on about half the projects, by other creators, now and then answered by the owner.
    let comments = 0;
    for (const [index, projectId] of projectIds.entries()) {
      if (next() < 0.5) continue;
      const owner = members[index % members.length]!;
      const others = members.filter((member) => member !== owner);
      for (let c = 0; c < 1 + Math.floor(next() * 2); c += 1) {
        const author = others[Math.floor(next() * others.length)]!;
        const comment = (await call('POST', `/api/projects/${projectId}/comments`, author.cookie, { body: COMMENTS[Math.floor(next() * COMMENTS.length)]! })).json<{ id: number }>();
        comments += 1;
        if (next() < 0.4) {
          await call('POST', `/api/projects/${projectId}/comments`, owner.cookie, { body: REPLIES[Math.floor(next() * REPLIES.length)]!, parentId: comment.id });
          comments += 1;
        }
      }
    }

    // Jobs on the board: posted and paid with the test card, as the post-job page does it.
    let jobs = 0;
    if (config.payments.mode === 'test') {
      for (const [index, job] of JOBS.entries()) {
        const poster = members[index % members.length]!;
        const created = (
          await call('POST', '/api/jobs', poster.cookie, {
            ...job,
            description: `${job.company} is looking for a ${job.title.toLowerCase()} to join a small team making images and motion with generative tools. You will shape prompts, review outputs with the art team and keep a library of what works.`,
            requirements: 'A portfolio of AI-assisted work, a good eye for composition and colour, and two years of professional practice.',
            tags: ['ai art', job.type.toLowerCase(), index % 2 ? 'motion' : 'prompting'],
            applicationUrl: `https://${job.company.toLowerCase().replace(/[^a-z]+/g, '-')}.${DEMO_DOMAIN}/careers`,
          })
        ).json<{ id: number }>();
        const session = (await call('POST', `/api/jobs/${created.id}/payment`, poster.cookie)).json<{ clientSecret: string }>();
        const card = { clientSecret: session.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
        const paid = (await call('POST', '/api/payments/test/confirm', poster.cookie, card)).json<{ paymentIntent: { id: string } }>();
        await call('POST', `/api/jobs/${created.id}/confirm-payment`, poster.cookie, { paymentIntentId: paid.paymentIntent.id });
        jobs += 1;
      }
    } else {
      console.log(`No demo jobs: PAYMENTS_MODE is ${config.payments.mode}, and they are paid with the test card (PAYMENTS_MODE=test).`);
    }
    console.log(`Seeded ${members.length} creators, ${projectIds.length} projects, ${comments} comments and ${jobs} jobs.`);
    console.log(`Sign in as any of them, e.g. ava@${DEMO_DOMAIN} with the password ${DEMO_PASSWORD}.`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
