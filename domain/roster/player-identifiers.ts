import { type Outcome, accept, refuse } from '../shared/outcome.ts';

/** The kinds of platform identifier a game server knows a player by, in resolution order. */
export const IDENTIFIER_KINDS = ['license', 'game', 'store', 'chat'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

export const MAX_IDENTIFIER_LENGTH = 128;

export type IdentifierInput = Partial<Record<IdentifierKind, string>>;

export interface PlayerIdentifier {
  readonly kind: IdentifierKind;
  readonly value: string;
}

/**
 * The identifiers one player was seen with. A player resolves by the first kind, in the order
 * license, game, store, chat, that is linked in the organisation.
 */
export class PlayerIdentifiers {
  private constructor(readonly entries: readonly PlayerIdentifier[]) {}

  static from(input: IdentifierInput): Outcome<PlayerIdentifiers, 'invalid_identifiers'> {
    const entries: PlayerIdentifier[] = [];
    for (const kind of IDENTIFIER_KINDS) {
      const value = input[kind];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.length === 0 || value.length > MAX_IDENTIFIER_LENGTH) {
        return refuse('invalid_identifiers');
      }
      entries.push({ kind, value });
    }
    return entries.length > 0 ? accept(new PlayerIdentifiers(entries)) : refuse('invalid_identifiers');
  }

  /** Picks the linked identity with the highest precedence among those this player sent. */
  resolve<Link extends PlayerIdentifier>(links: readonly Link[]): Link | undefined {
    for (const entry of this.entries) {
      const link = links.find((l) => l.kind === entry.kind && l.value === entry.value);
      if (link) return link;
    }
    return undefined;
  }
}
