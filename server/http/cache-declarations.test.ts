// Over the app's own route inventory (every route it declared while being built): each
// state-changing route says how its success reaches the read cache, and each cached route
// what its answers show, so a new route cannot leave the cache stale by forgetting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInventoriedApp, isStateChanging, type TInventoriedApp } from '../test/route-inventory';

describe('read cache declarations of the routes', () => {
  let t: TInventoriedApp;
  beforeAll(async () => {
    t = await buildInventoriedApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('has every state-changing route declare how it invalidates: scoped by its service, nothing, or everything', () => {
    const writes = t.routes.filter(isStateChanging);
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.filter((route) => route.config.invalidates === undefined).map((route) => route.key)).toEqual([]);
  });

  it('empties the whole cache only when an account goes', () => {
    expect(t.routes.filter((route) => route.config.invalidates === 'everything').map((route) => route.key)).toEqual(['DELETE /api/auth/delete-account']);
  });

  it('caches GET answers only, each route saying what its answers show', () => {
    const cached = t.routes.filter((route) => route.config.publicCache !== undefined);
    expect(cached.length).toBeGreaterThan(5);
    for (const route of cached) {
      expect(route.method, route.key).toBe('GET');
      expect(typeof route.config.publicCache?.tags, route.key).toBe('function');
    }
  });
});
