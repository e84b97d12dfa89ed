import { type CadClient, type LicenceChoice, type PlayerIdentifiers, identifiersFromFiveM } from '../../sdk/src/index.ts';

/**
 * A player's identifiers as the service reads them (decisions 0047 and 0095). `license2:` goes under
 * `license` when a player has both licences, as FiveM's documentation asks; a player whose link was
 * made with `license:` (before this resource preferred `license2:`) keeps being sent with it. Which
 * one a player's link knows is asked once per player, the first time they use the CAD, with two
 * reads of `/waypoint` (a pure read whose first refusal is `not_linked`) carrying one licence each.
 */
export class Identities {
  private readonly choice = new Map<string, LicenceChoice>();

  constructor(private readonly cad: CadClient) {}

  /** The identifiers to send now, without asking the service (heartbeats, presence). */
  known(source: string): PlayerIdentifiers {
    return identifiersFromFiveM(getPlayerIdentifiers(source), { licence: this.choice.get(source) ?? 'license2' });
  }

  /** The identifiers to send for a player's action, after finding which licence their link knows. */
  async of(source: string): Promise<PlayerIdentifiers> {
    if (!this.choice.has(source)) this.choice.set(source, await this.probe(source));
    return this.known(source);
  }

  /** A link was just made with every identifier sent: the preferred licence is linked now. */
  linked(source: string): void {
    this.choice.set(source, 'license2');
  }

  forget(source: string): void {
    this.choice.delete(source);
  }

  private async probe(source: string): Promise<LicenceChoice> {
    const all = getPlayerIdentifiers(source);
    const license = all.find((id) => id.startsWith('license:'));
    const license2 = all.find((id) => id.startsWith('license2:'));
    if (license === undefined || license2 === undefined) return 'license2';
    const linked = async (value: string) => {
      const answer = await this.cad.bridge.waypoint({ identifiers: { license: value } });
      return answer.ok || answer.reason !== 'not_linked';
    };
    if (await linked(license2)) return 'license2';
    return (await linked(license)) ? 'license' : 'license2';
  }
}
