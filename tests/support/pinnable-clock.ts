import type { Clock } from '../../application/ports/clock.ts';

/**
 * The system's time, until a test pins it to an instant of its choosing, and again once released:
 * for a service shared by a file's tests, of which one (serial, so that it runs alone) needs the
 * instant it judges by to be the one it made its inputs for.
 */
export class PinnableClock implements Clock {
  private pinned: Date | undefined;

  now(): Date {
    return new Date(this.pinned?.getTime() ?? Date.now());
  }

  pin(at: Date): void {
    this.pinned = new Date(at.getTime());
  }

  release(): void {
    this.pinned = undefined;
  }
}
