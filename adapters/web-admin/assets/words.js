// The service's refusals said in the page's own words: the field as the form labels it, the
// validator's phrasing in plain English, and the page's vocabulary (a unit is a member here).
import { ApiError } from './api.js';

/** The API's words that the page says otherwise. */
const VOCABULARY = [
  [/\bunits\b/g, 'members'],
  [/\bunit\b/g, 'member'],
  [/\bUnit\b/g, 'Member'],
];

/** The validator's messages, as the page says them. */
const MESSAGES = [
  [/^must NOT have fewer than 1 characters?$/, 'must not be empty'],
  [/^must NOT have fewer than (\d+) characters$/, 'must have at least $1 characters'],
  [/^must NOT have more than (\d+) characters$/, 'is too long: at most $1 characters'],
  [/^must NOT have fewer than 1 items$/, 'needs at least one ticked'],
  [/^must match pattern .*$/, 'is not in the format shown beside it'],
  [/^must match format "uuid"$/, 'must be an id as the service writes it'],
  [
    /^must not contain bidirectional controls.*$/,
    'must not contain characters that change the direction of text or cannot be seen (such as U+202E or U+200B)',
  ],
  [/^must be equal to one of the allowed values$/, 'must be one of the choices offered'],
  [/^must be > (\S+)$/, 'must be more than $1'],
  [/^must be >= (\S+)$/, 'must be at least $1'],
  [/^must be <= (\S+)$/, 'must be at most $1'],
  [/^must be number$/, 'must be a number'],
  [/^must be integer$/, 'must be a whole number'],
];

const NOISE = new Set(['must be null', 'must match a schema in anyOf', 'must match exactly one schema in oneOf']);

/** Fields that no single control of a form names. */
const FIELD_NAMES = { scopes: 'Scopes', departmentId: 'Department', characterId: 'Character', mapLayer: 'Map layer' };

const reword = (text) => VOCABULARY.reduce((said, [api, page]) => said.replace(api, page), text);
export const message = (text) => {
  const known = MESSAGES.find(([api]) => api.test(text));
  return known ? text.replace(known[0], known[1]) : reword(text);
};

/** The label of the form's control for `field`, or the page's name for it. */
function fieldName(form, field) {
  // A nested field (`mapLayer.bounds.minX`) is named by its own control when the form has one.
  const control =
    form?.querySelector(`[name="${CSS.escape(field)}"]`) ?? form?.querySelector(`[name="${CSS.escape(field.split('.').at(-1))}"]`);
  const label = control?.labels?.[0]?.textContent?.trim();
  if (label) return label;
  return FIELD_NAMES[field] ?? field;
}

/** What the page says of a failed request made by `form` (or by a button, without a form). */
export function explain(error, form = null) {
  if (!(error instanceof ApiError)) return 'The service could not be reached. Check the connection and try again.';
  const { body, status } = error;
  const details = Array.isArray(body?.details) ? body.details : [];
  if (details.length > 0) {
    const said = details.filter((d) => d.in !== 'path');
    // A nullable field that fails says so thrice ("must be null", "must match a schema in anyOf"): keep the reason.
    const telling = said.filter((d) => !NOISE.has(d.message));
    const problems = (telling.length > 0 ? telling : said).map((d) => `${fieldName(form, d.field)} ${message(d.message)}`);
    const unique = [...new Set(problems)];
    if (unique.length > 0) return `Not saved: ${unique.join('; ')}.`;
  }
  if (typeof body?.message === 'string' && body.message !== '') return reword(body.message);
  return `The service answered ${status}.`;
}
