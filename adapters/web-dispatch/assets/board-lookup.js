// The board's look-ups: a plate and a person, read through the operator routes from the records an
// on-duty officer's /lookup/* reads. Every field of a record is another party's text.
import { byId, el, own, phrase } from '/shared/dom.js';

/**
 * Wires the Look up region. `call(method, path)` is the board's request to the operator routes;
 * `organisationId()` the organisation watched; `failed(error)` reports what went wrong.
 */
export function wireLookups({ call, organisationId, failed }) {
  const result = byId('lookup-result');
  const base = () => `/organisations/${organisationId()}/lookup`;

  async function run(read, show) {
    result.replaceChildren(own('Looking up…'));
    try {
      show(await read());
    } catch (error) {
      result.replaceChildren();
      failed(error);
    }
  }

  byId('lookup-plate-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const plate = byId('lookup-plate').value.trim();
    run(
      () => call('GET', `${base()}/vehicle?plate=${encodeURIComponent(plate)}`),
      ({ vehicle }) => result.replaceChildren(vehicle === null ? noRecord(phrase`No record for plate ${plate}.`) : vehicleRecord(vehicle)),
    );
  });

  byId('lookup-person-form').addEventListener('submit', (event) => {
    event.preventDefault();
    // The first word is the first name; the rest, the last name ("Amanda De Santa").
    const [firstName = '', ...rest] = byId('lookup-person').value.trim().split(/\s+/);
    const lastName = rest.join(' ');
    if (lastName === '') {
      result.replaceChildren(el('p', { class: 'error' }, own('Give a first name and a last name.')));
      return;
    }
    const query = `firstName=${encodeURIComponent(firstName)}&lastName=${encodeURIComponent(lastName)}`;
    run(
      () => call('GET', `${base()}/person?${query}`),
      ({ matches }) =>
        result.replaceChildren(
          matches.length === 0
            ? noRecord(phrase`No record for ${firstName} ${lastName}.`)
            : el('ul', { class: 'records' }, ...matches.map(personRecord)),
        ),
    );
  });
}

const noRecord = (words) => el('p', { 'data-record': 'none' }, words);

/** A record's fields as a definition list; a missing value is a dash. */
function fields(pairs) {
  return el('dl', { class: 'record' }, ...pairs.flatMap(([term, value]) => [el('dt', {}, own(term)), el('dd', {}, value ?? own('—'))]));
}

const vehicleRecord = (v) =>
  el(
    'div',
    { 'data-record': 'vehicle' },
    fields([
      ['Plate', v.plate],
      ['Make', v.make],
      ['Model', v.model],
      ['Colour', v.color],
      ['Registration', v.registrationStatus],
      ['Owner', v.ownerDisplayName],
    ]),
  );

const personRecord = (p) =>
  el(
    'li',
    { 'data-record': 'person' },
    fields([
      ['Name', phrase`${p.firstName} ${p.lastName}`],
      ['Date of birth', p.dateOfBirth],
      ['Licence', p.licenseStatus],
    ]),
  );
