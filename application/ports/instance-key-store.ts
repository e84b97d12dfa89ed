/**
 * Keys of the service installation itself (token signing, secret hashing), shared by every
 * instance that uses the same database. The first instance to ask creates them.
 */
export interface InstanceKeyStore {
  getOrCreate(name: string, create: () => string): Promise<string>;
}
