import { type Outcome, accept, refuse } from '../shared/outcome.ts';

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written strictly as `YYYY-MM-DD`; `1990-02-30` is not a date. */
export class DateOfBirth {
  private constructor(readonly iso: string) {}

  static parse(raw: string): Outcome<DateOfBirth, 'invalid_date_of_birth'> {
    const parts = SHAPE.exec(raw);
    if (!parts) return refuse('invalid_date_of_birth');
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    return real && year >= 1800 ? accept(new DateOfBirth(raw)) : refuse('invalid_date_of_birth');
  }

  equals(other: DateOfBirth): boolean {
    return this.iso === other.iso;
  }
}
