import test from 'ava';
import { createCadCore } from '../../composition/index.ts';

test('the core opens on embedded PostgreSQL (PGlite), as the default profile does in a directory', async (t) => {
  const core = await createCadCore({ storage: { kind: 'embedded' } });
  t.teardown(() => core.close());
  t.truthy(await core.useCases.ensureBootstrapKey.execute());
  t.true(await core.isReady());
});
