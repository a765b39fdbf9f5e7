// `npm run --silent admin -- --email a@b.c --role moderator|admin|member`: sets a member's role
// and prints one line saying so (or why not, on stderr, with exit code 2).
import { parseArgs } from 'node:util';
import { ZEmail } from '../../shared/schemas/common';
import { ROLES } from '../../shared/roles';
import { ZRole } from '../../shared/schemas/user';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/open';
import { setRoleByEmail } from '../features/accounts/accounts.service';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' } } });
const email = ZEmail.safeParse(values.email ?? '');
if (!email.success) fail('--email must be the e-mail address of an account');
const role = ZRole.safeParse(values.role ?? '');
if (!role.success) fail(`--role must be one of ${ROLES.join(', ')}`);

const { database } = await openDatabase(loadConfigOrExit());
try {
  const user = await setRoleByEmail({ db: database.db, now: () => new Date() }, email.data, role.data);
  if (!user) fail(`No account has the e-mail ${email.data}`);
  process.stdout.write(`${user.email} is now ${user.role}\n`);
} finally {
  await database.close();
}
