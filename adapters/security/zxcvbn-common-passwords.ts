import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import type { CommonPasswords } from '../../application/ports/password-hasher.ts';

/**
 * zxcvbn-ts with its common dictionaries (about 49,000 passwords people use most, and keyboard
 * patterns): a password is common when it is on the list whole, or when zxcvbn rates it a score
 * below 2, "too guessable" (a listed word with digits after it, a keyboard walk, a repeat), or when
 * it is mostly the person's own name or username.
 */
export class ZxcvbnCommonPasswords implements CommonPasswords {
  private readonly zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  private readonly listed = new Set(dictionary['passwords-common']);

  isCommon(password: string, personal: readonly string[]): boolean {
    if (this.listed.has(password.toLowerCase())) return true;
    return this.zxcvbn.check(password.slice(0, 100), [...personal]).score < 2;
  }
}
