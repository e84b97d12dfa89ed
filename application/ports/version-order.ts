/** Tells whether a published version of a game resource is an update for the version a server runs. */
export interface VersionOrder {
  isNewer(latest: string, current: string): boolean;
}
