// `npm run staff -- add <login> <role…> [--name 姓名]`: adds a staff member and prints a one-time
// password (changed at first login). `npm run staff -- reset <login>` prints a new one;
// `npm run staff -- list` lists the staff. Uses DATA_DIR / DATABASE_URL like the shop; on the
// embedded database, stop the shop first (one process owns its data folder).
const [command, ...args] = process.argv.slice(2);
const { STAFF_ROLES, isStaffRole } = await import('../src/lib/staffRoles.ts');
const usage = () => {
  console.error(
    'usage:\n  npm run staff -- add <login> <role…> [--name 姓名]\n  npm run staff -- reset <login>\n  npm run staff -- list\n' +
      `roles: ${STAFF_ROLES.join(', ')}`,
  );
  process.exit(2);
};

try {
  const accounts = await import('../src/server/staff/accounts.ts');
  const { closeDb } = await import('../src/server/db/client.ts');
  if (command === 'add') {
    const [login, ...rest] = args;
    const nameAt = rest.indexOf('--name');
    const name = nameAt >= 0 ? rest[nameAt + 1] : login;
    const roles = (nameAt >= 0 ? rest.slice(0, nameAt) : rest).filter(Boolean);
    if (!login || roles.length === 0) usage();
    const bad = roles.filter((r) => !isStaffRole(r));
    if (bad.length) {
      console.error(`unknown role(s): ${bad.join(', ')}; roles: ${STAFF_ROLES.join(', ')}`);
      process.exit(2);
    }
    const { staff, password } = await accounts.addStaff({ login, name, roles }, null);
    console.log(`added ${staff.login} (${staff.roles.join(', ')}); one-time password: ${password}`);
  } else if (command === 'reset') {
    const id = args[0] ? await accounts.staffIdForLogin(args[0]) : null;
    if (!id) usage();
    const password = await accounts.resetStaffPassword(id, {
      id,
      login: 'cli',
      role: 'admin',
      ip: '',
    });
    console.log(`new one-time password for ${args[0]}: ${password}`);
  } else if (command === 'list') {
    for (const s of await accounts.listStaff())
      console.log(`${s.login}\t${s.roles.join(',')}\t${s.disabled ? 'disabled' : 'active'}`);
  } else usage();
  await closeDb();
} catch (error) {
  if (['DataDirLockedError', 'ConfigError', 'DomainError'].includes(error?.constructor?.name)) {
    console.error(`[yaopi] ${error.message}`);
    process.exit(1);
  }
  throw error;
}
