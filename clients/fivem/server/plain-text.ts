/**
 * The chat's codes, as the chat resource's `colorize` reads them (citizenfx/cfx-server-data,
 * resources/[gameplay]/chat/html/Message.ts): `^0`-`^9`, `^#RGB` to `^#RRGGBB`, the styles `^*`,
 * `^_`, `^~`, `^=`, `^/`, `^r`, and the game's `~r~`-style colours; bidirectional controls,
 * which reorder what follows them; and invisible characters, with which one name looks like another.
 */
const CODES = /\^#[0-9a-f]{3,6}|\^[0-9*_~=/r]|~[a-z]~|[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/gi;

/**
 * Text entered by other people (CAD display names, civilians' and owners' names, vehicles), made
 * plain for chat: without the codes above and without `<` and `>`, since some community chat
 * resources render HTML. Codes are removed until none is left, since removing one can join its
 * neighbours into another (`^^11`).
 */
export function plain(text: string): string {
  let out = text.replace(/[<>]/g, '');
  for (;;) {
    const next = out.replace(CODES, '');
    if (next === out) return out;
    out = next;
  }
}
