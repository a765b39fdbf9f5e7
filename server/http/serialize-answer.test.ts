// Answers built from a shared copy and a member's own fields (withOwnPart) are checked in two
// parts: they must come out exactly as checking them whole would, and fail the same way.
import Fastify from 'fastify';
import { serializerCompiler as wholeSerializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withOwnPart } from '../lib/own-part';
import { registerErrorHandler } from './errors';
import { serializerCompiler } from './serialize-answer';

const ZCard = z.object({
  id: z.number().int(),
  title: z.string(),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  isLiked: z.boolean(),
  isFollowing: z.boolean(),
  moderation: z.string().nullable().optional(),
});
type TCard = z.output<typeof ZCard>;

const card = (id: number): TCard => ({ id, title: `Card ${id}`, creator: { id: 100 + id, name: 'Ada' }, isLiked: false, isFollowing: false });

/** An app with the real error handler answering one route of cards and one of a card. */
async function appAnswering(answer: () => unknown, compiler: typeof serializerCompiler | typeof wholeSerializerCompiler = serializerCompiler) {
  const logs: Record<string, unknown>[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiler);
  registerErrorHandler(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/cards', { schema: { response: { 200: z.array(ZCard) } } }, async () => answer() as TCard[]);
  api.get('/card', { schema: { response: { 200: ZCard } } }, async () => answer() as TCard);
  await app.ready();
  return { app, logs };
}

describe('answers built from a shared copy and a member’s own fields', () => {
  it('come out byte for byte as checking each card whole does, leaving out what the schema does not declare', async () => {
    // A copy with a field the schema leaves out, its key order not the schema's.
    const leaky = { email: 'ada@example.com', ...card(2) };
    const copies = [card(1), leaky, card(3)];
    const build = () => copies.map((copy, index) => withOwnPart(copy, { isLiked: index === 1, isFollowing: index !== 0 }));
    const ours = await appAnswering(build);
    const theirs = await appAnswering(() => build().map((item) => ({ ...item })), wholeSerializerCompiler);
    for (const url of ['/cards', '/cards']) {
      const response = await ours.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe((await theirs.app.inject({ method: 'GET', url })).body);
      expect(response.body).not.toContain('ada@example.com');
    }
    await ours.app.close();
    await theirs.app.close();
  });

  it('shows a member’s own fields on the copy that was checked before, request after request', async () => {
    const copy = card(1);
    let liked = false;
    const { app } = await appAnswering(() => withOwnPart(copy, { isLiked: liked }));
    expect((await app.inject({ method: 'GET', url: '/card' })).json()).toMatchObject({ id: 1, isLiked: false });
    liked = true;
    expect((await app.inject({ method: 'GET', url: '/card' })).json()).toMatchObject({ id: 1, isLiked: true });
    await app.close();
  });

  it('checks a shared copy once, however many members are answered from it', async () => {
    let titleChecks = 0;
    const ZCounted = ZCard.extend({ title: z.string().refine(() => (titleChecks += 1) > 0) });
    const copy = card(1);
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().get('/card', { schema: { response: { 200: ZCounted } } }, async () => withOwnPart(copy, { isLiked: true }));
    for (let member = 0; member < 3; member += 1) expect((await app.inject({ method: 'GET', url: '/card' })).json()).toMatchObject({ title: 'Card 1', isLiked: true });
    expect(titleChecks).toBe(1);
    await app.close();
  });

  it('puts a card as members see it (liked or not, creator followed or not) together once for all of them, and a count that moves each time', async () => {
    let likedChecks = 0;
    let viewsChecks = 0;
    const ZCounted = ZCard.extend({ isLiked: z.boolean().refine(() => (likedChecks += 1) > 0), views: z.number().refine(() => (viewsChecks += 1) > 0) });
    const copies = [{ ...card(1), views: 3 }, { ...card(2), views: 5 }];
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(serializerCompiler);
    let views = 3;
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get('/cards', { schema: { response: { 200: z.array(ZCounted) } } }, async () => copies.map((copy, index) => withOwnPart(copy, { isLiked: index === 0 })));
    api.get('/card', { schema: { response: { 200: ZCounted } } }, async () => withOwnPart(copies[0]!, { views, isLiked: true }));
    for (let member = 0; member < 3; member += 1) {
      const page = (await app.inject({ method: 'GET', url: '/cards' })).json<{ id: number; isLiked: boolean }[]>();
      expect(page.map(({ id, isLiked }) => ({ id, isLiked }))).toEqual([
        { id: 1, isLiked: true },
        { id: 2, isLiked: false },
      ]);
    }
    // Checked in each copy's encoding (2), then in each card as members see it once (2), not
    // again for the second and third member (8 in all when each answer was put together anew).
    expect(likedChecks).toBe(4);
    const viewsChecksBefore = viewsChecks;
    for (const seen of [4, 5]) {
      views = seen;
      expect((await app.inject({ method: 'GET', url: '/card' })).json()).toMatchObject({ id: 1, views: seen, isLiked: true });
    }
    expect(viewsChecks - viewsChecksBefore).toBe(2);
    await app.close();
  });

  it('answers 500 with the zod issues when a member’s own field does not match its schema', async () => {
    const copy = card(1);
    const { app, logs } = await appAnswering(() => [withOwnPart(copy, { isLiked: 'yes' as unknown as boolean })]);
    const response = await app.inject({ method: 'GET', url: '/cards' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(logs).toContainEqual(expect.objectContaining({ msg: 'response does not match its schema', issues: [expect.objectContaining({ path: [0, 'isLiked'] })] }));
    await app.close();
  });

  it('answers 500 when the shared copy does not match its schema, however often it is asked', async () => {
    const { title: _title, ...untitled } = card(1);
    const { app } = await appAnswering(() => withOwnPart(untitled as TCard, { isLiked: true }));
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await app.inject({ method: 'GET', url: '/card' })).statusCode).toBe(500);
    await app.close();
  });

  it('encodes whole an own field the copy does not carry, in the schema’s key order', async () => {
    const copy = card(1);
    const { app } = await appAnswering(() => withOwnPart(copy, { moderation: 'Hidden: spam' }));
    const theirs = await appAnswering(() => ({ ...copy, moderation: 'Hidden: spam' }), wholeSerializerCompiler);
    expect((await app.inject({ method: 'GET', url: '/card' })).body).toBe((await theirs.app.inject({ method: 'GET', url: '/card' })).body);
    await app.close();
    await theirs.app.close();
  });

  it('refuses to change a shared copy once an answer was built from it: its checked encoding is kept', () => {
    const copy = card(1);
    const answer = withOwnPart(copy, { isLiked: true });
    expect(() => {
      copy.title = 'Changed';
    }).toThrow(TypeError);
    expect(() => {
      answer.isFollowing = true;
    }).toThrow(TypeError);
  });
});
