/**
 * Creates a staff account.
 *   npm run staff:create                                   asks for each value
 *   npm run staff:create -- --email a@b.c --name "Ann" --role marketing --password '…'   for scripts
 * The password can also come from STAFF_PASSWORD, so it stays out of shell history.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createStaffUser, StaffAccountExistsError } from '../../lib/domain/staff/accounts';
import { STAFF_ROLES } from '../../lib/domain/staff/roles';
import { MIN_PASSWORD_LENGTH } from '../../lib/domain/staff/passwords';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
});

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

async function main() {
  const email = values.email ?? (await ask('Email: '));
  const displayName = values.name ?? (await ask('Display name: '));
  const role = values.role ?? (await ask(`Role (${STAFF_ROLES.join(', ')}): `));
  const password = values.password ?? process.env.STAFF_PASSWORD ?? (await ask(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `));
  const user = await createStaffUser({ email, displayName, role: role as (typeof STAFF_ROLES)[number], password });
  console.log(`Created ${user.role} account ${user.email} (${user.id}).`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof StaffAccountExistsError) console.error(error.message);
    else if (error && typeof error === 'object' && 'issues' in error) {
      for (const issue of (error as { issues: { path: PropertyKey[]; message: string }[] }).issues) {
        console.error(`${issue.path.join('.')}: ${issue.message}`);
      }
    } else console.error(error);
    process.exit(1);
  },
);
