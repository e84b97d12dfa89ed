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

test('a generated key is stored before it is shown; until `show` returns it counts as never shown', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const shown: string[] = [];
  const key = await core.useCases.ensureBootstrapKey.execute({ show: (k) => void shown.push(k) });
  t.deepEqual(shown, [key]);
  t.is(await core.useCases.ensureBootstrapKey.awaitingDisplaySince(), null);
  t.true((await core.useCases.authenticateOperator.execute(key!))?.isBootstrap);
});

test('a key whose showing failed is reported on every later start, until it is reset', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const stdoutClosed = new Error('stdout is closed');
  const error = await t.throwsAsync(core.useCases.ensureBootstrapKey.execute({ show: () => Promise.reject(stdoutClosed) }));
  t.is(error, stdoutClosed, 'the failure reaches the caller');
  const since = await core.useCases.ensureBootstrapKey.awaitingDisplaySince();
  t.true(since instanceof Date);
  t.is(await core.useCases.ensureBootstrapKey.execute({ show: () => t.fail('nothing new to show') }), null);
  t.deepEqual(await core.useCases.ensureBootstrapKey.awaitingDisplaySince(), since, 'still reported');
  const reset = await core.useCases.ensureBootstrapKey.execute({ replace: true, show: () => undefined });
  t.truthy(reset);
  t.is(await core.useCases.ensureBootstrapKey.awaitingDisplaySince(), null);
});

test('a configured key is never reported as unshown, and replaces an unshown one', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  await t.throwsAsync(core.useCases.ensureBootstrapKey.execute({ show: () => Promise.reject(new Error('lost')) }));
  const preset = 'an installer-chosen bootstrap key of 32+ chars';
  t.is(await core.useCases.ensureBootstrapKey.execute({ preset, show: () => t.fail('a configured key is not shown') }), null);
  t.is(await core.useCases.ensureBootstrapKey.awaitingDisplaySince(), null);
  t.true((await core.useCases.authenticateOperator.execute(preset))?.isBootstrap);
});
