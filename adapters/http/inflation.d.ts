/** The one function of `inflation` (no types of its own): a body stream, decompressed by its Content-Encoding. */
declare module 'inflation' {
  import type { Readable } from 'node:stream';
  /** Throws an error with `status` 415 for an encoding it does not know. */
  export default function inflate(stream: Readable, options?: { encoding?: string }): Readable;
}
