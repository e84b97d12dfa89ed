import { Type } from '@sinclair/typebox';
import { invalid } from '../../refusals.ts';
import { coordinate, dateOfBirth, label, text } from '../../schemas.ts';

/** Fields that several bridge bodies carry, and how a bad one is answered. */

export const name = label(100);

/** A civilian named in full: who is cited, booked or played. */
export const person = Type.Object({ firstName: name, lastName: name, dateOfBirth });

/** Where the player's character stands, on the game's map. */
export const point = { mapX: coordinate, mapY: coordinate };

/** What `/duty` and `/mdt-handoff` both read: the department, the duty and the game's labels. */
export const dutyFields = {
  departmentSlug: text(64),
  onDuty: Type.Boolean(),
  jobLabel: Type.Optional(label(100, 0)),
  gradeLabel: Type.Optional(label(100, 0)),
  characterName: Type.Optional(label(100, 0)),
};

/** A date of birth or a plate that passed the schema but not the domain is still the caller's error. */
export const badDateOfBirth = (field: string) => ({ invalid_date_of_birth: invalid(field, 'must be a real date written YYYY-MM-DD') });
export const badPlate = (field: string) => ({
  invalid_plate: invalid(field, 'must be 1 to 16 letters, digits or dashes (spaces are ignored)'),
});
