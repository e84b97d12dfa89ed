import type { Credential } from '../../../domain/credential/credential.ts';

/** A credential as its operators see it: never the secret, nor its hash. */
export function credentialView(credential: Credential) {
  const { id, organisationId, kind, label, departmentId, scopes, createdAt, rotatedAt, revokedAt } = credential.snapshot();
  return {
    clientId: id,
    organisationId,
    kind,
    label,
    departmentId,
    scopes,
    status: revokedAt === null ? 'active' : 'revoked',
    createdAt: createdAt.toISOString(),
    rotatedAt: rotatedAt?.toISOString() ?? null,
    revokedAt: revokedAt?.toISOString() ?? null,
  };
}

/** A credential just created: its view and the client secret, shown this once. */
export function createdCredentialView({ credential, clientSecret }: { credential: Credential; clientSecret: string }) {
  return { ...credentialView(credential), clientSecret };
}
