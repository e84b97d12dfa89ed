/**
 * Expected outcomes are values. A refusal names its reason in the language of the contract
 * (`not_on_duty`, `wrong_department`, ...); only bugs and infrastructure failures throw.
 */
export type Refusal<Reason extends string> = { readonly ok: false; readonly reason: Reason };
export type Accepted<Value> = { readonly ok: true; readonly value: Value };
export type Outcome<Value, Reason extends string> = Accepted<Value> | Refusal<Reason>;

export function accept<Value>(value: Value): Accepted<Value> {
  return { ok: true, value };
}

export function refuse<Reason extends string>(reason: Reason): Refusal<Reason> {
  return { ok: false, reason };
}
