import { writeFileSync } from 'node:fs';
import { populate } from './upgrade-world.ts';

/** `node --import=tsx tests/upgrade/populate-cli.ts <base URL> <bootstrap key> <facts.json>`: used by scripts/make-upgrade-fixture.sh. */
const [base, key, out] = process.argv.slice(2);
if (base === undefined || key === undefined || out === undefined)
  throw new Error('usage: populate-cli.ts <base URL> <bootstrap key> <facts.json>');
writeFileSync(out, `${JSON.stringify(await populate(base, key), null, 2)}\n`);
