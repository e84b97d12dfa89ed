/**
 * Evens out response times. Work whose duration must not reveal which path it took (a token
 * exchange that found no credential answers sooner than one that found and loaded it) runs
 * inside `pace`, which returns no sooner than `floorMs` after the work began.
 */
export interface ResponsePacer {
  pace<T>(floorMs: number, work: () => Promise<T>): Promise<T>;
}
