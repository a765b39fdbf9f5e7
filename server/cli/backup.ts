// `npm run backup -- <file>`: an online backup of the SQLite database into a new
// file, safe while the server runs. PostgreSQL is backed up with its own tools (pg_dump).
import { resolve } from 'node:path';
import { loadConfigOrExit } from '../config';
import { backupSqlite } from '../ops/backup-sqlite';

const destination = process.argv[2];
if (!destination) {
  console.error('Usage: npm run backup -- <new-file.db>');
  process.exit(2);
}
const config = loadConfigOrExit();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, Operations).');
  process.exit(2);
}
const { pages } = await backupSqlite(config.dataDir, resolve(destination));
console.log(`Backed up ${pages} pages to ${resolve(destination)}`);
