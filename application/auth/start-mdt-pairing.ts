import { CONFIRMATION_CODE_LENGTH, confirmationCodeFromRandom } from '../../domain/roster/mdt-handoff.ts';
import { startPairing } from '../../domain/roster/mdt-pairing.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { MDT_PAIRING_PREFIX } from './redeem-mdt-handoff.ts';

/** Lapsed pairings each new one sweeps away on its way. */
const PURGE_BATCH = 100;
/** Codes tried before giving up: with a billion codes and a few pages waiting, the first one is free. */
const CODE_ATTEMPTS = 5;

export interface MdtPairingStarted {
  readonly confirmationCode: string;
  readonly pairingToken: string;
  readonly until: Date;
}

/**
 * `POST /auth/mdt-pairing` (decision 0108): an MDT page with no session starts a pairing. It keeps
 * the pairing token and shows the code; the player types `/mdt <code>` in the game, which binds a
 * hand-off for that player to this page, and the page collects its session with the pairing token.
 * The pairing belongs to nobody until then, and no secret is ever in an address.
 */
export class StartMdtPairing {
  constructor(private readonly ports: Pick<Ports, 'mdtPairings' | 'hasher' | 'secrets' | 'uow' | 'clock'>) {}

  execute(): Promise<MdtPairingStarted> {
    return this.ports.uow.run(async () => {
      const now = this.ports.clock.now();
      await this.ports.mdtPairings.purge(now, PURGE_BATCH);
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const confirmationCode = confirmationCodeFromRandom(this.ports.secrets.randomBytes(CONFIRMATION_CODE_LENGTH));
        const codeHash = this.ports.hasher.hash(confirmationCode);
        // A code another page shows now is not given twice: the game must name one page.
        if ((await this.ports.mdtPairings.getByCodeForUpdate(codeHash)) !== null) continue;
        const pairingToken = this.ports.secrets.secret(MDT_PAIRING_PREFIX);
        const pairing = startPairing({ pairingHash: this.ports.hasher.hash(pairingToken), codeHash }, now);
        await this.ports.mdtPairings.add(pairing);
        return { confirmationCode, pairingToken, until: pairing.expiresAt };
      }
      throw new Error('no free MDT pairing code');
    });
  }
}
