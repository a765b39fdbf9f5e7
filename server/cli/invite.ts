// `npm run --silent invite -- --count N`: prints N new operator invitation codes,
// one per line and nothing else on stdout (scripts read it).
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/open';
import { createOperatorCodes } from '../features/accounts/invitations.service';

const { values } = parseArgs({ options: { count: { type: 'string', short: 'n', default: '1' } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 1000) {
  console.error('--count must be a whole number from 1 to 1000');
  process.exit(2);
}
const { database } = await openDatabase(loadConfigOrExit());
try {
  const codes = await createOperatorCodes({ db: database.db, now: () => new Date() }, count);
  process.stdout.write(codes.map((code) => `${code}\n`).join(''));
} finally {
  await database.close();
}
