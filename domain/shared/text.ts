/**
 * The characters no name may hold (decisions 0061 and 0104), as the body of a regular expression's
 * character class: the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E,
 * U+200F, U+202A to U+202E, U+2066 to U+2069), which could reverse the text shown after them, and
 * the invisible ones (U+200B to U+200D, U+2060, U+FEFF), with which one name looks like another.
 */
export const NOT_IN_NAMES = '\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF';
const INVISIBLE = new RegExp(`[${NOT_IN_NAMES}]`, 'g');

/** A name from elsewhere (a sign-in provider's), without the characters no name may hold. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Trims and collapses inner runs of whitespace, as people type names and plates differently. */
export function tidy(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The form two names are compared in: tidy and case-insensitive. */
export function nameKey(text: string): string {
  return tidy(text).toLowerCase();
}
