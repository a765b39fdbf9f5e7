// Roles: every member is a 'member' until an admin (or the operator's CLI) says otherwise; the
// first account on a site is its admin.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function roles(_engine: Engine) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('member').check(sql`role in ('member', 'moderator', 'admin')`))
        .execute();
      // The oldest account made the site: it becomes its admin, as a new site's first sign-up does.
      const first = await db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst();
      if (first) await db.updateTable('users').set({ role: 'admin' }).where('id', '=', first.id).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('role').execute();
    },
  };
}

