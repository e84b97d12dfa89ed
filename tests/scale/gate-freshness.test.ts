/**
 * The gate is read on every call (contract section 5.4), also when another instance made the
 * change: two services on one PostgreSQL schema, the operator and the link and duty writes going
 * through A, every check through B, which reads the gate as a prepared statement it has run before.
 */
import test from 'ava';
import { expect, operatorOf } from '../support/operator-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { startTestService } from '../support/test-service.ts';

const BRIDGE = '/api/v1/integrations/game';

whenPostgres(test, 'the gate across two instances', (url) => {
  test('a link, a duty change and a deactivation made through A count on the very next request to B', async (t) => {
    const schema = freshSchemaName('gate_fresh');
    t.teardown(() => dropSchema(url, schema));
    const storage = { kind: 'postgres', url, schema } as const;
    const a = await startTestService({ storage });
    t.teardown(() => a.close());
    const b = await startTestService({ storage, bootstrapKey: a.bootstrapKey });
    t.teardown(() => b.close());

    const operator = operatorOf(a.http, a.bootstrapKey);
    const org = await operator.organisation();
    const departmentId = await org.department('lspd');
    const character = await org.character('Ada', 'Wong');
    const member = expect(
      await operator.post(`/departments/${departmentId}/members`, { characterId: character.characterId, callsign: '1-ADAM-12' }),
      201,
    );
    const credential = await org.gameCredential(departmentId);
    const code = expect(await operator.post(`/characters/${character.characterId}/link-codes`), 201).code as string;
    const token = expect(
      await a.http.post(`${BRIDGE}/token`, { clientId: credential.clientId, clientSecret: credential.clientSecret }),
      200,
    ).accessToken as string;
    const on = (service: typeof a) => async (path: string, body: Record<string, unknown>) =>
      expect(await service.http.post(`${BRIDGE}${path}`, body, { token }), 200);
    const [viaA, viaB] = [on(a), on(b)];
    const identifiers = { license: 'license:5f1c0ffee' };
    const location = () => viaB('/location', { identifiers, mapX: 10, mapY: 20 });
    const duty = (onDuty: boolean) =>
      viaA('/duty', { identifiers, departmentSlug: 'lspd', onDuty, jobLabel: 'police', gradeLabel: 'Officer' });

    t.deepEqual(await location(), { reported: false, reason: 'not_linked' }, 'B: not linked yet');
    t.like(await viaA('/identity/link', { identifiers, code }), { linked: true });
    t.deepEqual(await location(), { reported: false, reason: 'not_on_duty' }, 'B sees the link made through A at once');
    t.like(await duty(true), { synced: true, status: 'AVAILABLE' });
    t.deepEqual(await location(), { reported: true }, 'B sees the unit go on duty through A at once');
    t.like(await duty(false), { synced: true, status: 'OFF_DUTY' });
    t.deepEqual(await location(), { reported: false, reason: 'not_on_duty' }, 'B sees the unit go off duty through A at once');
    t.like(await duty(true), { synced: true, status: 'AVAILABLE' });
    t.deepEqual(await location(), { reported: true });
    expect(await operator.patch(`/units/${member.unitId}`, { isActive: false }), 200);
    t.deepEqual(await location(), { reported: false, reason: 'not_on_duty' }, 'B sees the deactivation made through A at once');
  });
});
