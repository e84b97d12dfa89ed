import test from 'ava';
import { createCadCore } from '../../composition/index.ts';

test('the first start generates a bootstrap key once; later starts generate none', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const key = await core.useCases.ensureBootstrapKey.execute();
  t.regex(key ?? '', /^cad_op_[A-Za-z0-9_-]{43}$/);
  t.is(await core.useCases.ensureBootstrapKey.execute(), null);
  t.true((await core.useCases.authenticateOperator.execute(key!))?.isBootstrap);
});

test('a configured key replaces the generated one; a reset replaces it again', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const generated = (await core.useCases.ensureBootstrapKey.execute())!;
  const preset = 'an installer-chosen bootstrap key of 32+ chars';
  t.is(await core.useCases.ensureBootstrapKey.execute({ preset }), null);
  t.is(await core.useCases.authenticateOperator.execute(generated), null);
  t.true((await core.useCases.authenticateOperator.execute(preset))?.isBootstrap);
  t.is(await core.useCases.ensureBootstrapKey.execute({ preset }), null);
  const reset = (await core.useCases.ensureBootstrapKey.execute({ replace: true }))!;
  t.is(await core.useCases.authenticateOperator.execute(preset), null);
  t.true((await core.useCases.authenticateOperator.execute(reset))?.isBootstrap);
});
