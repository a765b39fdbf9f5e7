// `npm run migrate`: apply pending migrations to the configured database.
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/open';

const { database, applied } = await openDatabase(loadConfigOrExit());
console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
await database.close();
