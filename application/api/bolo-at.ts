import { Bolo } from '../../domain/bolo/bolo.ts';

/** A BOLO and the moment it was read at: its status is read at that moment (expiry). */
export interface BoloAt {
  readonly bolo: Bolo;
  readonly now: Date;
}
