import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { BoloId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownRecord } from './api-access.ts';
import type { BoloAt } from './bolo-at.ts';

/** `GET /records/bolos/:boloId`. */
export class ReadBolo {
  constructor(private readonly ports: Pick<Ports, 'bolos' | 'clock'>) {}

  async execute(input: { grant: AccessGrant; boloId: BoloId }): Promise<Outcome<BoloAt, 'not_found'>> {
    const bolo = ownRecord(input.grant, await this.ports.bolos.get(input.boloId));
    return bolo === null ? refuse('not_found') : accept({ bolo, now: this.ports.clock.now() });
  }
}
