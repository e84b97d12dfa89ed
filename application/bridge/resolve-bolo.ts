import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { BoloId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import type { BoloRepository } from '../ports/bolo-repository.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';

/**
 * `/bolo/:boloId/resolve`: only an on-duty officer of the issuing department resolves a BOLO.
 * Resolving it again succeeds and changes nothing.
 */
export class ResolveBolo {
  constructor(
    private readonly gate: BridgeGate,
    private readonly bolos: BoloRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    boloId: BoloId;
  }): Promise<Outcome<{ boloId: BoloId; status: 'RESOLVED' }, GateRefusal | 'bolo_not_found' | 'wrong_department'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const officer = await this.gate.onDuty(grant, input.identifiers);
      if (!officer.ok) return officer;
      const bolo = await this.bolos.getForUpdate(input.boloId);
      if (bolo === null || bolo.snapshot().organisationId !== grant.organisationId) return refuse('bolo_not_found');
      const resolved = bolo.resolve(officer.value.departmentId, now);
      if (!resolved.ok) return resolved;
      const result = { boloId: bolo.id, status: resolved.value };
      // A repeat resolve records no move: it succeeds and writes nothing.
      const [moved] = bolo.events.take();
      if (moved === undefined) return unchanged(result);
      await this.bolos.save(bolo);
      return audited(result, {
        organisationId: grant.organisationId,
        action: 'bolo.resolved',
        subject: { type: 'bolo', id: bolo.id },
        playerCharacterId: officer.value.characterId,
        details: { from: moved.from, unitId: officer.value.unitId },
      });
    });
  }
}
