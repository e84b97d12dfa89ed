import { Type } from '@sinclair/typebox';
import { MAX_CHARGES, MIN_CHARGES } from '../../../../domain/records/arrest.ts';
import { invalid } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { text } from '../../schemas.ts';
import { bridgeRoute } from './bridge-route.ts';
import { badDateOfBirth, badPlate, person } from './body-fields.ts';

const citation = {
  civilian: person,
  plate: text(32, 0),
  locationText: text(500),
  statuteCode: text(64),
  statuteDescription: text(500),
  fineAmount: Type.Number({ minimum: 0, maximum: 1e9 }),
};

const arrest = {
  civilian: person,
  locationText: text(500),
  narrative: text(8000),
  charges: Type.Array(Type.Object({ statuteCode: text(64), statuteDescription: text(500) }), {
    minItems: MIN_CHARGES,
    maxItems: MAX_CHARGES,
  }),
};

/** An officer's paperwork: a citation, or an arrest on one or more charges. */
export const citationAndArrestRoutes: readonly RouteSpec[] = [
  bridgeRoute('issueCitation', {
    summary: 'Cites a person; an unknown person is registered.',
    request: { path: '/citation', rate: ['citation', 10], scope: 'game.citation.issue', fields: citation },
    answer: { flag: 'issued', carries: ['citationId', 'citationNumber'], refusals: ['not_linked', 'not_on_duty'] },
    errors: { ...badDateOfBirth('civilian.dateOfBirth'), ...badPlate('plate') },
  }),
  bridgeRoute('logArrest', {
    summary: 'Books a person on 1 to 20 charges; an unknown person is registered.',
    request: { path: '/arrest', rate: ['arrest', 10], scope: 'game.arrest.log', fields: arrest },
    answer: { flag: 'booked', carries: ['arrestId', 'arrestNumber'], refusals: ['not_linked', 'not_on_duty'] },
    errors: {
      ...badDateOfBirth('civilian.dateOfBirth'),
      charges_out_of_range: invalid('charges', `needs ${MIN_CHARGES} to ${MAX_CHARGES}`),
    },
  }),
];
