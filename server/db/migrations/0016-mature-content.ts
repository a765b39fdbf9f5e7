// Mature content: a project's flag (set by its creator or by staff) and a member's choice to see
// such work without blur. Both off by default: nothing is mature, and nobody has opted in.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function matureContent(_engine: Engine) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // Visitors' lists filter on it while walking each sort's (column, id) index: mature work is
      // the exception, so the walk skips few rows and needs no index of its own.
      await db.schema.alterTable('projects').addColumn('is_mature', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('show_mature', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('show_mature').execute();
      await db.schema.alterTable('projects').dropColumn('is_mature').execute();
    },
  };
}
