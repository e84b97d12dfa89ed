import { Foundation } from './0001-foundation.ts';

/** Applied in order on start; a name, once released, never changes. */
export const migrations = [{ name: '0001-foundation', class: Foundation }];
