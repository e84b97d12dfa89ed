import test from 'ava';
import { plain } from '../../clients/fivem/server/plain-text.ts';

/**
 * The resource's chat text from other people (decision 0104): the cfx chat's codes and markup go,
 * and so do the characters no name may hold, the bidirectional controls and the invisible ones,
 * whatever an older record or another resource still carries.
 */
test('chat text loses colour codes, markup, bidirectional controls and invisible characters', (t) => {
  t.is(plain('^1Les<b>ter'), 'Lesbter');
  t.is(plain('Ada\u202Eevol'), 'Adaevol');
  t.is(plain('\u200FAda\u061C'), 'Ada');
  t.is(plain('Jo\u200Bhn\u200D \u2060Do\uFEFFe'), 'John Doe');
  t.is(plain('Zen^^11torno'), 'Zentorno');
  t.is(plain('عمر'), 'عمر', 'right-to-left letters themselves stay');
});
