import { type Outcome, accept, refuse } from '../shared/outcome.ts';

const ALLOWED = /^[A-Z0-9-]{1,16}$/;

/**
 * A licence plate. Two plates are the same plate when they match ignoring case and spaces,
 * so `"12 abc 345"` finds the vehicle registered as `"12ABC345"`.
 */
export class Plate {
  private constructor(
    /** As registered: trimmed, upper case, inner spaces kept. */
    readonly display: string,
    /** The comparison form: upper case without spaces. */
    readonly key: string,
  ) {}

  static parse(raw: string): Outcome<Plate, 'invalid_plate'> {
    const display = raw.trim().replace(/\s+/g, ' ').toUpperCase();
    const key = Plate.keyOf(raw);
    return ALLOWED.test(key) ? accept(new Plate(display, key)) : refuse('invalid_plate');
  }

  static keyOf(raw: string): string {
    return raw.replace(/\s+/g, '').toUpperCase();
  }

  matches(other: Plate | string): boolean {
    return this.key === (typeof other === 'string' ? Plate.keyOf(other) : other.key);
  }
}
