import { LockMode } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { MdtHandoffRepository } from '../../../application/ports/mdt-handoff-repository.ts';
import type { PresenceRepository } from '../../../application/ports/presence-repository.ts';
import type { ProvisionedPlayer, ProvisioningLedger } from '../../../application/ports/provisioning-ledger.ts';
import type { PresenceClaim, PresenceOverage } from '../../../domain/presence/presence.ts';
import type { MdtHandoff } from '../../../domain/roster/mdt-handoff.ts';
import type { CharacterId, CredentialId, OrganisationId } from '../../../domain/shared/ids.ts';
import { MappedTable } from '../mapped-table.ts';
import { mdtHandoffFromRecord, presenceOverageFromRecord } from '../mappers/bridge-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { AutoProvisionRecord, MdtHandoffRecord, PresenceClaimRecord, PresenceOverageRecord } from '../records/bridge-records.ts';

/**
 * Every claim of a heartbeat in one upsert. A claim only ever moves forward: a renewal that
 * expires no later than the stored one (a late, out-of-order heartbeat) leaves it as it is.
 */
const RENEW = `insert into presence_claims (organisation_id, character_id, credential_id, renewed_at, expires_at)
  select c.organisation_id, c.character_id, c.credential_id, c.renewed_at, c.expires_at
  from jsonb_to_recordset(?::jsonb)
    as c(organisation_id uuid, character_id uuid, credential_id uuid, renewed_at timestamptz, expires_at timestamptz)
  on conflict (organisation_id, character_id) do update
    set credential_id = excluded.credential_id, renewed_at = excluded.renewed_at, expires_at = excluded.expires_at
    where presence_claims.expires_at < excluded.expires_at`;

/** One claim per organisation and character (an upsert may not touch a row twice): the latest wins. */
function latestPerCharacter(claims: readonly PresenceClaim[]): PresenceClaim[] {
  const latest = new Map<string, PresenceClaim>();
  for (const claim of claims) {
    const key = `${claim.organisationId}/${claim.characterId}`;
    const seen = latest.get(key);
    if (seen === undefined || seen.expiresAt.getTime() < claim.expiresAt.getTime()) latest.set(key, claim);
  }
  return [...latest.values()];
}

export class MikroOrmPresenceRepository implements PresenceRepository {
  private readonly overages: MappedTable<PresenceOverageRecord, PresenceOverage>;

  constructor(private readonly session: OrmSession) {
    this.overages = new MappedTable(session, PresenceOverageRecord, presenceOverageFromRecord);
  }

  async renew(claims: readonly PresenceClaim[]): Promise<void> {
    if (claims.length === 0) return;
    const rows = latestPerCharacter(claims).map((c) => ({
      organisation_id: c.organisationId,
      character_id: c.characterId,
      credential_id: c.credentialId,
      renewed_at: c.renewedAt.toISOString(),
      expires_at: c.expiresAt.toISOString(),
    }));
    await (this.session.em() as unknown as SqlEntityManager).execute(RENEW, [JSON.stringify(rows)]);
  }

  countConnected = (organisationId: OrganisationId, now: Date) =>
    this.session.em().count(PresenceClaimRecord, { organisationId, expiresAt: { $gt: now } });

  async claimsOf(organisationId: OrganisationId, characterIds: readonly CharacterId[]): Promise<PresenceClaim[]> {
    if (characterIds.length === 0) return [];
    const rows = await this.session.em().find(PresenceClaimRecord, { organisationId, characterId: { $in: [...characterIds] } });
    return rows.map((r) => ({
      organisationId: r.organisationId as OrganisationId,
      characterId: r.characterId as CharacterId,
      credentialId: r.credentialId as CredentialId,
      renewedAt: r.renewedAt,
      expiresAt: r.expiresAt,
    }));
  }

  recordOverage = (overage: PresenceOverage) => this.overages.insert({ ...overage });

  listOverages = async (organisationId: OrganisationId, limit: number) =>
    limit <= 0 ? [] : this.overages.many({ organisationId }, { orderBy: { at: 'desc', id: 'desc' }, limit });
}

export class MikroOrmProvisioningLedger implements ProvisioningLedger {
  constructor(private readonly session: OrmSession) {}

  async record(entry: ProvisionedPlayer): Promise<void> {
    await this.session.write((em) => em.insert(AutoProvisionRecord, { ...entry }));
  }

  /** Entries strictly after `since`. */
  countSince = (credentialId: CredentialId, since: Date) =>
    this.session.em().count(AutoProvisionRecord, { credentialId, at: { $gt: since } });
}

export class MikroOrmMdtHandoffRepository implements MdtHandoffRepository {
  private readonly rows: MappedTable<MdtHandoffRecord, MdtHandoff>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, MdtHandoffRecord, mdtHandoffFromRecord);
  }

  /** `SELECT ... FOR UPDATE`: a concurrent redemption of the same token waits for this one. */
  getForUpdate = (tokenHash: string) => this.rows.one({ tokenHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  getByPairingForUpdate = (pairingHash: string) => this.rows.one({ pairingHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  awaitingConfirmation = (characterId: CharacterId, credentialId: CredentialId, since: Date) =>
    this.rows.many(
      { characterId, credentialId, openedAt: { $ne: null }, confirmedAt: null, usedAt: null, issuedAt: { $gte: since } },
      { orderBy: { openedAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
  save = (handoff: MdtHandoff) => this.rows.put({ ...handoff.snapshot() });
}
