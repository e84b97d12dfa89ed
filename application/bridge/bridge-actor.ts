import type { AuditActor } from '../../domain/audit/audit-entry.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import type { IdentifierLinkRepository } from '../ports/roster-repositories.ts';

/** Integration writes are attributed to the credential itself, shown by its label. */
export function credentialActor(grant: AccessGrant): AuditActor {
  return { kind: 'credential', id: grant.credentialId, label: grant.label };
}

/** The character the identifiers resolve to in the credential's organisation, if they are linked. */
export async function resolvePlayer(
  links: IdentifierLinkRepository,
  grant: AccessGrant,
  identifiers: PlayerIdentifiers,
): Promise<CharacterId | null> {
  return identifiers.resolve(await links.findLinks(grant.organisationId, identifiers))?.characterId ?? null;
}
