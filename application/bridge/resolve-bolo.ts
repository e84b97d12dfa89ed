import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { BoloId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type PlayerRequest, playerNote, writeAsOfficer } from './player-writes.ts';

/**
 * `/bolo/:boloId/resolve`: only an on-duty officer of the issuing department resolves a BOLO.
 * Resolving it again succeeds and changes nothing.
 */
export class ResolveBolo {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'bolos' | 'writes'>) {}

  execute(
    input: PlayerRequest & { boloId: BoloId },
  ): Promise<Outcome<{ boloId: BoloId; status: 'RESOLVED' }, GateRefusal | 'bolo_not_found' | 'wrong_department'>> {
    return writeAsOfficer(this.ports.gate, this.ports.writes, input, async (officer, now) => {
      const bolo = await this.ports.bolos.getForUpdate(input.boloId);
      if (bolo?.organisationId !== input.grant.organisationId) return refuse('bolo_not_found');
      const resolved = bolo.resolve(officer.departmentId, now);
      if (!resolved.ok) return resolved;
      const result = { boloId: bolo.id, status: resolved.value };
      // A repeat resolve records no move: it succeeds and writes nothing.
      const [moved] = bolo.events.take();
      if (moved === undefined) return unchanged(result);
      await this.ports.bolos.save(bolo);
      const details = { from: moved.from, unitId: officer.unitId };
      return audited(result, playerNote(input.grant, officer.characterId, 'bolo.resolved', { type: 'bolo', id: bolo.id }, details));
    });
  }
}
