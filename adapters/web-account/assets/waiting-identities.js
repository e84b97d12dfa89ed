// Game identities waiting on `/account/` (issue 32, decision 0112): where the organisation links by
// trusted identity, the game players that typed /cadlink with the Discord id this person signed in
// with, linked to one of their characters with Link, no code typed. Talks to the account routes only.
import { byId, el, own, phrase, say, when } from '/shared/dom.js';

/** Shows the region when the organisation links this way and the person's sign-in vouches for a game identity. */
export async function showWaitingIdentities(send, base, characters, refresh) {
  const section = byId('waiting-section');
  const { enabled, vouchedFor, waiting } = await send('GET', `${base}/waiting-identities`);
  section.hidden = !enabled || vouchedFor.length === 0;
  if (section.hidden) return;
  byId('waiting-intro').replaceChildren(
    ...phrase`You signed in with ${vouchedFor.join(', ')}. A game player with the same identity who types /cadlink waits here; link it to one of your characters, with no code.`.nodes(),
  );
  byId('waiting-rows').replaceChildren(
    ...(waiting.length === 0
      ? [el('li', {}, own('Nothing waits now: type /cadlink in the game, then reload this page.'))]
      : waiting.map((w) =>
          el(
            'li',
            {},
            el('bdi', { text: w.identifiers.map((i) => `${i.kind}: ${i.value}`).join(', ') }),
            own(` (until ${when(w.expiresAt)})`),
          ),
        )),
  );
  const select = byId('waiting-character');
  select.replaceChildren(...characters.map((c) => el('option', { value: c.characterId, text: c.displayName })));
  const form = byId('waiting-form');
  form.hidden = waiting.length === 0 || characters.length === 0;
  form.onsubmit = async (event) => {
    event.preventDefault();
    const status = byId('waiting-status');
    try {
      const answer = await send('POST', `/api/v1/account/characters/${select.value}/trusted-link`);
      if (!answer.linked) throw new Error('Nothing waits any more: type /cadlink in the game again.');
      await refresh();
      say(status, phrase`Linked to ${answer.displayName}: the game knows it from its next call.`, 'success');
    } catch (error) {
      say(status, error.message, 'error');
    }
  };
}
