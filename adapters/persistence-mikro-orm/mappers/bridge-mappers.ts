import type { PresenceOverage } from '../../../domain/presence/presence.ts';
import { MdtHandoff, type MdtTier } from '../../../domain/roster/mdt-handoff.ts';
import type { CharacterId, CredentialId, DepartmentId, OrganisationId, UnitId } from '../../../domain/shared/ids.ts';
import type { MdtHandoffRecord, PresenceOverageRecord } from '../records/bridge-records.ts';

export function presenceOverageFromRecord(r: PresenceOverageRecord): PresenceOverage {
  return { organisationId: r.organisationId as OrganisationId, at: r.at, connected: r.connected, max: r.max };
}

export function mdtHandoffFromRecord(r: MdtHandoffRecord): MdtHandoff {
  return MdtHandoff.restore({
    tokenHash: r.tokenHash,
    organisationId: r.organisationId as OrganisationId,
    characterId: r.characterId as CharacterId,
    credentialId: r.credentialId as CredentialId,
    departmentId: r.departmentId as DepartmentId,
    unitId: (r.unitId ?? null) as UnitId | null,
    tier: r.tier as MdtTier,
    issuedAt: r.issuedAt,
    expiresAt: r.expiresAt,
    usedAt: r.usedAt ?? null,
    confirmInGame: r.confirmInGame,
    openedAt: r.openedAt ?? null,
    pairingHash: r.pairingHash ?? null,
    codeHash: r.codeHash ?? null,
    confirmedAt: r.confirmedAt ?? null,
  });
}
