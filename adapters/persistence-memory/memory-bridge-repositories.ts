import type { BridgePlayerReader, GateFactsRead, PlayerCandidate } from '../../application/ports/bridge-player-reader.ts';
import type { OrganisationState } from '../../domain/organisation/organisation.ts';
import type { MdtHandoffRepository } from '../../application/ports/mdt-handoff-repository.ts';
import type { PresenceRepository } from '../../application/ports/presence-repository.ts';
import type { ProvisionedPlayer, ProvisioningLedger } from '../../application/ports/provisioning-ledger.ts';
import type { PresenceClaim, PresenceOverage } from '../../domain/presence/presence.ts';
import type { IdentifierLink } from '../../domain/roster/identifier-link.ts';
import { MdtHandoff, type MdtHandoffState } from '../../domain/roster/mdt-handoff.ts';
import type { Membership } from '../../domain/roster/membership.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId, CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import { Unit, type UnitState } from '../../domain/unit/unit.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';
import { linkKey } from './memory-roster-repositories.ts';
import { SnapshotTable } from './snapshot-table.ts';

/**
 * Reads the identifier links, memberships and units tables in one step. It looks the tables up
 * when it reads, so the repositories that own them have declared their unique rules by then.
 */
export class MemoryBridgePlayerReader implements BridgePlayerReader {
  constructor(private readonly db: MemoryDatabase) {}

  candidates(
    organisationId: OrganisationId,
    departmentId: DepartmentId | null,
    identifiers: PlayerIdentifiers,
  ): Promise<PlayerCandidate[]> {
    return this.db.access(() => this.candidatesNow(organisationId, departmentId, identifiers));
  }

  /** Transactions here run one at a time, so a unit read inside one is as good as locked. */
  gateFacts(organisationId: OrganisationId, departmentId: DepartmentId | null, identifiers: PlayerIdentifiers): Promise<GateFactsRead> {
    return this.db.access(() => {
      const organisation = this.db.table<OrganisationState>('organisations').get(organisationId);
      if (organisation === undefined) return { settings: null, candidates: [] };
      return { settings: organisation.settings, candidates: this.candidatesNow(organisationId, departmentId, identifiers) };
    });
  }

  private candidatesNow(
    organisationId: OrganisationId,
    departmentId: DepartmentId | null,
    identifiers: PlayerIdentifiers,
  ): PlayerCandidate[] {
    const links = this.db.table<IdentifierLink>('identifier_links');
    const memberships = this.db.table<Membership>('memberships');
    const units = this.db.table<UnitState>('units');
    return identifiers.entries.flatMap((entry) => {
      const link = links.get(linkKey(organisationId, entry.kind, entry.value));
      if (link === undefined) return [];
      const membership =
        departmentId === null
          ? undefined
          : memberships.find((m) => m.departmentId === departmentId && m.characterId === link.characterId && m.endedAt === null);
      const unit = membership === undefined ? undefined : units.get(membership.unitId);
      return [{ ...link, unit: unit === undefined ? null : Unit.restore(unit) }];
    });
  }
}

type StoredOverage = PresenceOverage & { readonly seq: number };

export class MemoryPresenceRepository implements PresenceRepository {
  private readonly claims: MemoryTable<PresenceClaim>;
  private readonly overages: MemoryTable<StoredOverage>;

  constructor(private readonly db: MemoryDatabase) {
    this.claims = db.table<PresenceClaim>('presence_claims');
    this.overages = db.table<StoredOverage>('presence_overages');
  }

  /** A claim only moves forward: a renewal expiring no later than the stored claim changes nothing. */
  renew(claims: readonly PresenceClaim[]) {
    return this.db.access(() => {
      for (const claim of claims) {
        const key = `${claim.organisationId}/${claim.characterId}`;
        const stored = this.claims.get(key);
        if (stored === undefined || stored.expiresAt.getTime() < claim.expiresAt.getTime()) this.claims.put(key, { ...claim });
      }
    });
  }

  countConnected(organisationId: OrganisationId, now: Date) {
    return this.db.access(
      () => this.claims.filter((c) => c.organisationId === organisationId && c.expiresAt.getTime() > now.getTime()).length,
    );
  }

  claimsOf(organisationId: OrganisationId, characterIds: readonly CharacterId[]) {
    const wanted = new Set<string>(characterIds);
    return this.db.access(() =>
      this.claims.filter((c) => c.organisationId === organisationId && wanted.has(c.characterId)).map((c) => ({ ...c })),
    );
  }

  recordOverage(overage: PresenceOverage) {
    return this.db.access(() => {
      const seq = this.overages.all().length + 1;
      this.overages.put(String(seq), { ...overage, seq });
    });
  }

  listOverages(organisationId: OrganisationId, limit: number) {
    return this.db.access(() =>
      this.overages
        .filter((o) => o.organisationId === organisationId)
        .sort((a, b) => b.at.getTime() - a.at.getTime() || b.seq - a.seq)
        .slice(0, Math.max(0, limit))
        .map(({ seq: _seq, ...overage }): PresenceOverage => overage),
    );
  }
}

type StoredProvision = ProvisionedPlayer & { readonly id: string };

export class MemoryProvisioningLedger implements ProvisioningLedger {
  private readonly rows: MemoryTable<StoredProvision>;

  constructor(private readonly db: MemoryDatabase) {
    this.rows = db.table<StoredProvision>('auto_provisions');
  }

  record(entry: ProvisionedPlayer) {
    return this.db.access(() => {
      const id = String(this.rows.all().length + 1);
      this.rows.put(id, { ...entry, id });
    });
  }

  /** Entries strictly after `since`. */
  countSince(credentialId: CredentialId, since: Date) {
    return this.db.access(() => this.rows.filter((e) => e.credentialId === credentialId && e.at.getTime() > since.getTime()).length);
  }
}

type StoredHandoff = MdtHandoffState & { readonly id: string };

export class MemoryMdtHandoffRepository implements MdtHandoffRepository {
  private readonly rows: SnapshotTable<StoredHandoff, MdtHandoff>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'mdt_handoffs', ({ id: _key, ...state }) => MdtHandoff.restore(state));
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(tokenHash: string) {
    return this.rows.get(tokenHash);
  }

  getByPairingForUpdate(pairingHash: string) {
    return this.rows.find((h) => h.pairingHash === pairingHash);
  }

  awaitingConfirmation(characterId: CharacterId, credentialId: CredentialId, since: Date) {
    return this.rows.filter(
      (h) =>
        h.characterId === characterId &&
        h.credentialId === credentialId &&
        h.openedAt !== null &&
        h.confirmedAt === null &&
        h.usedAt === null &&
        h.issuedAt.getTime() >= since.getTime(),
      (a, b) => b.openedAt!.getTime() - a.openedAt!.getTime(),
    );
  }

  save(handoff: MdtHandoff) {
    const state = handoff.snapshot();
    return this.rows.save({ ...state, id: state.tokenHash });
  }
}
