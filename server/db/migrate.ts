// Applies the migrations in server/db/migrations, in name order, once each.
import { Migrator, type Kysely, type Migration } from 'kysely';
import { withoutStatementTimeout, type Engine } from './connect';
import type { Database } from './schema';
import { accounts } from './migrations/0001-accounts';
import { projects } from './migrations/0002-projects';
import { search } from './migrations/0003-search';
import { jobs } from './migrations/0004-jobs';
import { messages } from './migrations/0005-messages';
import { housekeeping } from './migrations/0006-housekeeping';
import { accountTokens } from './migrations/0007-account-tokens';
import { sessionDetails } from './migrations/0008-session-details';
import { writeLimits } from './migrations/0009-write-limits';
import { videoProcessing } from './migrations/0010-video-processing';
import { paymentReconciliation } from './migrations/0011-payment-reconciliation';
import { roles } from './migrations/0012-roles';
import { moderation } from './migrations/0013-moderation';
import { comments } from './migrations/0014-comments';
import { notifications } from './migrations/0015-notifications';
import { matureContent } from './migrations/0016-mature-content';
import { collections } from './migrations/0018-collections';

export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001-accounts': accounts(engine),
    '0002-projects': projects(engine),
    '0003-search': search(engine),
    '0004-jobs': jobs(engine),
    '0005-messages': messages(engine),
    '0006-housekeeping': housekeeping(engine),
    '0007-account-tokens': accountTokens(engine),
    '0008-session-details': sessionDetails(engine),
    '0009-write-limits': writeLimits(engine),
    '0010-video-processing': videoProcessing(engine),
    '0011-payment-reconciliation': paymentReconciliation(engine),
    '0012-roles': roles(engine),
    '0013-moderation': moderation(engine),
    '0014-comments': comments(engine),
    '0015-notifications': notifications(engine),
    '0016-mature-content': matureContent(engine),
    '0018-collections': collections(engine),
  };
}

/** `pgSchema` keeps Kysely's bookkeeping tables in that schema (tests give each app its own). */
export async function migrateToLatest(db: Kysely<Database>, engine: Engine, pgSchema?: string): Promise<string[]> {
  const { error, results } = await withoutStatementTimeout(db, engine, (connection) =>
    new Migrator({
      db: connection,
      provider: { getMigrations: async () => migrations(engine) },
      ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
    }).migrateToLatest(),
  );
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
