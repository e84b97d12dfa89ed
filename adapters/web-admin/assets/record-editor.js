// The Records screen's Edit dialog: one record's fields, filled with what the records say; Save
// sends only the fields changed (an emptied optional field is cleared), through the record's PATCH.
import { call } from './api.js';
import { byId, el, own, say } from '/shared/dom.js';
import { clearFieldErrors, showFieldErrors, succeed } from './controls.js';
import { field } from './record-forms.js';

/** The dialog, built once into the screen; opened for a record with `recordEditor(...).open(...)`. */
export function editorDialog() {
  return el(
    'dialog',
    { id: 'record-editor', 'aria-labelledby': 'record-editor-title' },
    el(
      'form',
      { id: 'record-edit', novalidate: true },
      el('h3', { id: 'record-editor-title' }),
      el('div', { id: 'record-edit-fields', class: 'stack' }),
      el('p', { id: 'record-edit-status', class: 'message', role: 'status' }),
      el(
        'div',
        { class: 'dialog-buttons' },
        el('button', { type: 'submit' }, own('Save changes')),
        el('button', { type: 'button', id: 'record-edit-cancel', class: 'quiet' }, own('Cancel')),
      ),
    ),
  );
}

/** `failed(error, region, form)` says a refusal; `reload()` reads the lists again once a record is saved. */
export function recordEditor(failed, reload) {
  const dialog = byId('record-editor');
  const form = byId('record-edit');
  const status = byId('record-edit-status');
  /** What is being edited: its PATCH path, its fields and what the page says once it is saved. */
  let editing = null;

  byId('record-edit-cancel').addEventListener('click', () => dialog.close());
  // Closed by Cancel or Escape, the browser puts focus back on the Edit button that opened it.
  dialog.addEventListener('close', () => (editing = null));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (editing === null) return;
    clearFieldErrors(form);
    say(status, '');
    const body = {};
    for (const { name, value, nullable } of editing.fields) {
      const now = byId(`record-edit-${name}`).value.trim();
      if (now !== (value ?? '')) body[name] = now === '' && nullable ? null : now;
    }
    if (Object.keys(body).length === 0) return say(status, 'Nothing is changed yet: change a field, or Cancel.', 'error');
    const { path, done, region, returnTo } = editing;
    try {
      const record = await call('PATCH', path, body);
      dialog.close();
      await reload();
      succeed(region, done(record));
      // The list drawn again has a new Edit button: focus goes to the list, not to the page's start.
      if (document.activeElement === null || document.activeElement === document.body) returnTo?.focus();
    } catch (error) {
      failed(error, status, form);
      showFieldErrors(form, error);
    }
  });

  return {
    /**
     * Opens the dialog titled `title` for the record at `path`. Each field is
     * `{ name, label, value, control, nullable }`: `control` a fresh input or select. `done(record)`
     * is what the page says once saved, in `region`; `returnTo` takes the focus after.
     */
    open({ title, path, fields, done, region, returnTo }) {
      editing = { path, fields, done, region, returnTo };
      byId('record-editor-title').replaceChildren(...(typeof title === 'string' ? [own(title)] : title.nodes()));
      byId('record-edit-fields').replaceChildren(
        ...fields.map(({ name, label, value, control }) => {
          control.value = value ?? '';
          return field('record-edit', name, label, control);
        }),
      );
      say(status, '');
      clearFieldErrors(form);
      dialog.showModal();
    },
  };
}
