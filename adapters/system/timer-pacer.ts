import { setTimeout as sleep } from 'node:timers/promises';
import type { ResponsePacer } from '../../application/ports/response-pacer.ts';

/**
 * The floor's timer starts before the work, so when it fires depends only on when the work began,
 * never on how long the work took (timers run on a millisecond grid; a timer set after the work
 * for the remainder would carry the work's duration into the answer time).
 */
export class TimerPacer implements ResponsePacer {
  constructor(private readonly wait: (ms: number) => Promise<unknown> = sleep) {}

  async pace<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
    if (floorMs <= 0) return work();
    const floor = this.wait(floorMs);
    try {
      return await work();
    } finally {
      await floor;
    }
  }
}
