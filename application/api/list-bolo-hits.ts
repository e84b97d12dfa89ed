import type { BoloHit } from '../../domain/bolo/bolo-hit.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { BoloId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownRecord } from './api-access.ts';

/** `GET /records/bolos/:boloId/hits`: the camera sightings, newest first. */
export class ListBoloHits {
  constructor(private readonly ports: Pick<Ports, 'bolos'>) {}

  async execute(input: { grant: AccessGrant; boloId: BoloId }): Promise<Outcome<BoloHit[], 'not_found'>> {
    const bolo = ownRecord(input.grant, await this.ports.bolos.get(input.boloId));
    return bolo === null ? refuse('not_found') : accept(await this.ports.bolos.listHits(bolo.id));
  }
}
