import type { Clock } from '../../application/ports/clock.ts';

/** A clock that moves only when told to: for embedding hosts that drive time, and for tests. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date()) {}

  now(): Date {
    return new Date(this.current.getTime());
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }

  set(to: Date): void {
    this.current = new Date(to.getTime());
  }
}
