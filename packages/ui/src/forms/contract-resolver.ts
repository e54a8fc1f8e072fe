import type { FieldErrors, FieldPath, FieldValues, Resolver } from 'react-hook-form';

/** What the resolver needs of a contract's zod schema (kept structural: this package loads no zod). */
export interface ContractSchema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export interface ContractResolverOptions<F extends FieldValues, P> {
  /** The contract the server checks the call with (e.g. ServiceInsertSchema). */
  schema: ContractSchema;
  /** The call's body, built from the form as the page sends it. `null`: nothing to check (and nothing to send). */
  toPayload: (form: F) => P | null;
  /** The form field a problem at this path of the body belongs to; `null` puts it on the form as a whole. */
  fieldOf: (path: readonly PropertyKey[], form: F) => FieldPath<F> | null;
}

/** Where a problem that belongs to no one field is kept (`errors.root.contract`). */
export const FORM_LEVEL = 'root.contract';

/**
 * A react-hook-form resolver that checks the body a form will send with the contract the server
 * checks it with, so the browser and the service hold one set of rules. The form's own values stay
 * as the page keeps them; a valid form is submitted with its body (what `toPayload` built), and
 * each problem is put on the field it came from, the first one per field.
 */
export function contractResolver<F extends FieldValues, P>({ schema, toPayload, fieldOf }: ContractResolverOptions<F, P>): Resolver<F, unknown, P | null> {
  return (values) => {
    const payload = toPayload(values);
    if (payload === null) return { values: null, errors: {} };
    const checked = schema.safeParse(payload);
    if (checked.success) return { values: payload, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path, values) ?? FORM_LEVEL;
      errors[field] ??= { type: 'contract', message: issue.message };
    }
    return { values: {}, errors: nest(errors) as FieldErrors<F> };
  };
}

/** 'root.contract' → { root: { contract } }: react-hook-form reads errors as a tree. */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = error;
  }
  return tree;
}
