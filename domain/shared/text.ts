/** Trims and collapses inner runs of whitespace, as people type names and plates differently. */
/** The bidirectional controls and invisible characters no name may hold (decision 0104). */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** A name from elsewhere (a sign-in provider's), without the characters no name may hold. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

export function tidy(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The form two names are compared in: tidy and case-insensitive. */
export function nameKey(text: string): string {
  return tidy(text).toLowerCase();
}
