/** Trims and collapses inner runs of whitespace, as people type names and plates differently. */
export function tidy(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The form two names are compared in: tidy and case-insensitive. */
export function nameKey(text: string): string {
  return tidy(text).toLowerCase();
}
