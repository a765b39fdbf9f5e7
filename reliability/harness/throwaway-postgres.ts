// A PostgreSQL database of its own for one test run, on the server a URL (TEST_DATABASE_URL) points at.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TThrowawayDatabase {
  /** postgres://… for the server's DATABASE_URL. */
  url: string;
  /** Drops it, closing any connection still open. */
  drop(): Promise<void>;
}

/** Run on the maintenance database `postgres`, which exists even when the URL's own database does not. */
async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function throwawayPostgresDatabase(serverUrl: string): Promise<TThrowawayDatabase> {
  const name = `rel_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
