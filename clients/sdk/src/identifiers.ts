/** The identifiers object of every bridge request (section 2 of the contract). */
export interface PlayerIdentifiers {
  readonly license?: string;
  readonly game?: string;
  readonly store?: string;
  readonly chat?: string;
}

/** The prefix of an identifier as FiveM writes it (`license:3c9f...` → `license`). */
const prefixOf = (identifier: string) => identifier.slice(0, identifier.indexOf(':') + 1);

/**
 * Decision 0047: a FiveM player's identifiers (`getPlayerIdentifiers(source)`), whole with their
 * prefix, under the contract's keys. `license:` (else `license2:`) is `license`, `fivem:` is
 * `game`, the first of `steam:`, `xbl:`, `live:` is `store`, `discord:` is `chat`. `ip:` and
 * anything else is never sent.
 */
export function identifiersFromFiveM(identifiers: readonly string[]): PlayerIdentifiers {
  const first = (...prefixes: string[]) => {
    for (const prefix of prefixes) {
      const found = identifiers.find((identifier) => prefixOf(identifier) === prefix);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const mapped = {
    license: first('license:', 'license2:'),
    game: first('fivem:'),
    store: first('steam:', 'xbl:', 'live:'),
    chat: first('discord:'),
  };
  return Object.fromEntries(Object.entries(mapped).filter(([, value]) => value !== undefined));
}

/** Whether the mapping found anything to send (the service refuses an empty identifiers object). */
export const hasIdentifiers = (identifiers: PlayerIdentifiers) => Object.keys(identifiers).length > 0;
