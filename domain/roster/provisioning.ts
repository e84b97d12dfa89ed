import { tidy } from '../shared/text.ts';
import { Character } from './character.ts';

export const DEFAULT_AUTO_PROVISION_PER_HOUR = 20;
export const MAX_PROVISION_CALLSIGN_ATTEMPTS = 1000;

/** The callsign a provisioned unit starts with, until a dispatcher gives it a real one: `AUTO-007`. */
export function provisionedCallsign(sequence: number): string {
  return `AUTO-${String(sequence).padStart(3, '0')}`;
}

/** A provisioned character is named as the game calls the player, or else after its callsign. */
export function provisionedName(characterName: string | undefined, callsign: string): { firstName: string; lastName: string } {
  const name = characterName === undefined ? '' : tidy(characterName);
  return name === '' ? { firstName: 'Player', lastName: callsign } : Character.splitName(name);
}
