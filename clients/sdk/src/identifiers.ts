/** The identifiers object of every bridge request (section 2 of the contract). */
export interface PlayerIdentifiers {
  readonly license?: string;
  readonly game?: string;
  readonly store?: string;
  readonly chat?: string;
}

/** The prefix of an identifier as FiveM writes it (`license:3c9f...` → `license`). */
const prefixOf = (identifier: string) => identifier.slice(0, identifier.indexOf(':') + 1);

/** Which Rockstar licence goes under `license` when a player has both. */
export type LicenceChoice = 'license2' | 'license';

/**
 * Decisions 0047 and 0095: a FiveM player's identifiers (`getPlayerIdentifiers(source)`), whole
 * with their prefix, under the contract's keys. `license2:` (else `license:`) is `license`, as
 * FiveM's documentation asks; `{ licence: 'license' }` sends `license:` first instead, for a
 * player whose link was made with it. `fivem:` is `game`, the first of `steam:`, `xbl:`, `live:`
 * is `store`, `discord:` is `chat`. `ip:` and anything else is never sent.
 */
export function identifiersFromFiveM(
  identifiers: readonly string[],
  options: { readonly licence?: LicenceChoice } = {},
): PlayerIdentifiers {
  const first = (...prefixes: string[]) => {
    for (const prefix of prefixes) {
      const found = identifiers.find((identifier) => prefixOf(identifier) === prefix);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const mapped = {
    license: options.licence === 'license' ? first('license:', 'license2:') : first('license2:', 'license:'),
    game: first('fivem:'),
    store: first('steam:', 'xbl:', 'live:'),
    chat: first('discord:'),
  };
  return Object.fromEntries(Object.entries(mapped).filter(([, value]) => value !== undefined));
}

/** Whether the mapping found anything to send (the service refuses an empty identifiers object). */
export const hasIdentifiers = (identifiers: PlayerIdentifiers) => Object.keys(identifiers).length > 0;
