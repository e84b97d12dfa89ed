/**
 * What a live channel was admitted on, whose rights a committed write may have changed: an
 * operator key, a person, a credential (an MDT session's), an MDT session itself (its officer signed
 * out), a character (its game link ended, so its MDT sessions did), or everyone of an organisation (a
 * role's set of permissions). Ids as the records hold them.
 */
export type AccessGrounds =
  | { readonly kind: 'operator_key'; readonly id: string }
  | { readonly kind: 'person'; readonly id: string }
  | { readonly kind: 'credential'; readonly id: string }
  | { readonly kind: 'mdt_session'; readonly id: string }
  | { readonly kind: 'character'; readonly id: string }
  | { readonly kind: 'organisation'; readonly id: string };

/**
 * Told, after the write has committed, that rights on these grounds may have changed: every
 * transport judges its live channels admitted on them again at once, on every instance, and closes
 * the ones whose right has gone. Their own periodic check stays as the backstop.
 */
export interface AccessWatch {
  changed(grounds: AccessGrounds): void;
}
