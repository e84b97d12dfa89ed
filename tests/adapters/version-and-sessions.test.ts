import { randomBytes } from 'node:crypto';
import test from 'ava';
import { JwtAccessTokens } from '../../adapters/security/jwt-access-tokens.ts';
import { JwtMdtSessions, MDT_SESSION_TTL_SECONDS } from '../../adapters/security/jwt-mdt-sessions.ts';
import { SemverVersionOrder } from '../../adapters/system/semver-version-order.ts';
import type { CharacterId, CharacterPublicId, CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';

const versions = new SemverVersionOrder();

test('semantic versions compare numerically, not as text', (t) => {
  t.true(versions.isNewer('1.10.0', '1.9.3'));
  t.false(versions.isNewer('1.9.3', '1.10.0'));
  t.false(versions.isNewer('1.2.0', '1.2.0'));
  t.true(versions.isNewer('v2.0.0', '1.99.99'));
  t.true(versions.isNewer('1.0.0', '1.0.0-beta.2'));
});

test('versions that are not semantic are an update whenever they differ', (t) => {
  t.true(versions.isNewer('build-42', 'build-41'));
  t.false(versions.isNewer('build-42', 'build-42'));
  t.true(versions.isNewer('1.2.0', 'latest'));
});

test('an MDT session expires after a shift and is never an access token', (t) => {
  const key = randomBytes(32);
  const now = new Date('2026-03-01T12:00:00.000Z');
  const { sessionToken, expiresAt } = new JwtMdtSessions(key).issue(
    {
      organisationId: '00000000-0000-7000-8000-00000000000a' as OrganisationId,
      characterId: '00000000-0000-7000-8000-0000000000c1' as CharacterId,
      characterPublicId: '00000000-0000-7000-8000-0000000000c2' as CharacterPublicId,
      credentialId: '00000000-0000-7000-8000-0000000000e1' as CredentialId,
      departmentId: '00000000-0000-7000-8000-0000000000d1' as DepartmentId,
      unitId: null,
      tier: 'full',
    },
    now,
  );
  t.is(expiresAt.getTime() - now.getTime(), MDT_SESSION_TTL_SECONDS * 1000);
  t.is(new JwtAccessTokens(key, 720).verify(sessionToken, now), null);
  const sessions = new JwtMdtSessions(key);
  t.is(sessions.verify(sessionToken, now)?.credentialId, '00000000-0000-7000-8000-0000000000e1' as CredentialId);
  t.is(sessions.verify(sessionToken, expiresAt), null, 'expired at the end of the shift');
  const accessToken = new JwtAccessTokens(key, 720).issue(
    {
      kind: 'generic_api_key',
      credentialId: '00000000-0000-7000-8000-0000000000e2' as CredentialId,
      organisationId: '00000000-0000-7000-8000-00000000000a' as OrganisationId,
      departmentId: null,
      scopes: [],
      label: 'dashboard',
    },
    now,
  ).accessToken;
  t.is(sessions.verify(accessToken, now), null, 'an access token is no MDT session');
});
