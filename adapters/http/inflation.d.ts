/** The one function of `inflation` (no types of its own): the request stream, decompressed by its Content-Encoding. */
declare module 'inflation' {
  import type { IncomingMessage } from 'node:http';
  import type { Readable } from 'node:stream';
  /** Throws an error with `status` 415 for an encoding it does not know. */
  export default function inflate(request: IncomingMessage): Readable;
}
