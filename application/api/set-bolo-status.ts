import type { BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { BoloId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import type { BoloRepository } from '../ports/bolo-repository.ts';
import { ownRecord } from './api-access.ts';
import type { BoloAt } from './bolo-at.ts';

/** `PATCH /records/bolos/:boloId/status`: any of the six statuses, no per-status rules. */
export class SetBoloStatus {
  constructor(
    private readonly bolos: BoloRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: { grant: AccessGrant; boloId: BoloId; status: BoloStatus }): Promise<Outcome<BoloAt, 'not_found'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const bolo = ownRecord(grant, await this.bolos.getForUpdate(input.boloId));
      if (bolo === null) return refuse('not_found');
      const from = bolo.snapshot().status;
      if (from === input.status) return unchanged({ bolo, now });
      bolo.overrideStatus(input.status, now);
      await this.bolos.save(bolo);
      return audited(
        { bolo, now },
        {
          organisationId: grant.organisationId,
          action: 'bolo.status_changed',
          subject: { type: 'bolo', id: bolo.id },
          details: { boloNumber: bolo.snapshot().number, from, to: input.status },
        },
      );
    });
  }
}
