import fc from 'fast-check';
import { z } from 'zod';
import { ALLERGEN_FRIENDLY_OPTIONS, PLAN_KINDS, WEEKDAYS } from '@mealprep/contracts';

/** The part of JSON Schema that `z.toJSONSchema` writes for our request contracts. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface GenerationContext {
  /** Values that exist in the running system (ids, slugs, e-mails): a patterned string takes one it matches, often. */
  dictionary: readonly string[];
  /** Properties generated otherwise, by name (URLs that must stay on this machine, say). */
  named?: Record<string, fc.Arbitrary<unknown>>;
}

const webUrl = fc.webUrl({ validSchemes: ['http', 'https'] });
const hexColour = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.integer({ min, max }), fc.integer({ min, max })).map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

/**
 * Fields whose rules are refinements JSON Schema cannot carry (a web address checked by `new URL`,
 * an e-mail behind a `pipe`). None of these is fetched by the services; a URL that is must be given
 * by the caller, on this machine.
 */
export const REFINED_FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  // What zod itself calls an e-mail address (fast-check's own addresses are RFC's, wider than that), or none.
  email: fc.oneof({ weight: 4, arbitrary: fc.stringMatching(z.regexes.email) }, { weight: 1, arbitrary: fc.constant('') }),
  website: fc.oneof(fc.constant(''), webUrl),
  socialLinks: fc.array(webUrl, { maxLength: 3 }),
  // The brand's colours, each kept readable on its theme's background: channels up to 0x70 on the light one, from 0xa0 on the dark one.
  colours: fc.record({ primary: hexColour(0x00, 0x70), accent: hexColour(0x00, 0x70), primaryDark: hexColour(0xa0, 0xff), accentDark: hexColour(0xa0, 0xff) }),
  // The facts of an offer: prices in whole cents with the lowest first, days and allergens each named once.
  offer: fc.record(
    {
      pricePerMeal: fc.oneof(
        fc.constant(null),
        fc.tuple(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 50_000 })).map(([a, b]) => ({ low: Math.min(a, b) / 100, high: Math.max(a, b) / 100 })),
      ),
      plans: fc.constantFrom(null, ...PLAN_KINDS),
      pauseAnyTime: fc.constantFrom(null, true, false),
      deliveryDays: fc.subarray([...WEEKDAYS]),
      orderCutoff: fc.oneof(fc.constant(null), fc.record({ day: fc.constantFrom(...WEEKDAYS), hour: fc.integer({ min: 0, max: 23 }) })),
      minimumOrderMeals: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 100 })),
      allergenFriendly: fc.subarray([...ALLERGEN_FRIENDLY_OPTIONS]),
      menuUrl: fc.oneof(fc.constant(''), webUrl),
    },
    { requiredKeys: [] },
  ),
};

/** Values of any JSON shape, for a contract's "anything" and for what goes beyond it. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

/** Input that a contract accepts, drawn from its JSON Schema (the input side: before defaults and transforms). */
export function arbitraryFromContract(contract: z.ZodType, context: GenerationContext): fc.Arbitrary<unknown> {
  return fromSchema(z.toJSONSchema(contract, { io: 'input', unrepresentable: 'any' }) as JsonSchema, context);
}

function fromSchema(schema: JsonSchema, context: GenerationContext, name?: string): fc.Arbitrary<unknown> {
  if (name && context.named?.[name]) return context.named[name]!;
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => fromSchema(choice, context, name)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, context, name)));
  switch (types[0]) {
    case 'string':
      return stringFrom(schema, context);
    case 'integer':
      return fc.integer({ min: lowest(schema) ?? -1_000_000, max: highest(schema) ?? 1_000_000 });
    case 'number':
      return fc.double({ min: lowest(schema) ?? -1e6, max: highest(schema) ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, context), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)) });
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fromSchema(value, context, key)]));
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return anyJson;
  }
}

const lowest = (s: JsonSchema) => s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + 1);
const highest = (s: JsonSchema) => s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - 1);

function stringFrom(schema: JsonSchema, context: GenerationContext): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (value: string) => value.length >= min && value.length <= max && (!pattern || pattern.test(value));
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  let own: fc.Arbitrary<string>;
  // Never a filter: one that rarely passes (a pattern with a long minimum) would loop for ever.
  // A patterned string too short is repeated (which keeps these patterns); one that still does
  // not fit is input beyond the contract, as welcome as any.
  if (pattern) own = fc.stringMatching(pattern).map((s) => (s.length >= min || s.length === 0 ? s : s.repeat(Math.ceil(min / s.length))));
  else if (schema.format === 'email') own = fc.emailAddress();
  else own = fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: 'grapheme' });
  const known = context.dictionary.filter(fits);
  return known.length > 0 ? fc.oneof({ weight: 1, arbitrary: own }, { weight: 2, arbitrary: fc.constantFrom(...known) }) : own;
}

/** What "beyond the contract" does to one place of a valid input. */
const MUTATIONS = ['wrong-type', 'huge', 'unicode', 'operator', 'proto', 'drop'] as const;
export type Mutation = { kind: (typeof MUTATIONS)[number]; at: number; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...MUTATIONS),
  at: fc.nat(),
  value: fc.oneof(anyJson, fc.constantFrom<unknown>('x'.repeat(100_000), 1e308, -1, 2 ** 53 + 1, '', [], {}, true)),
});

const UNICODE = ['😀'.repeat(40), '\u202Eevil\u202C', 'zero\u200Bwidth', 'ǅǈǋ', '\uFFFF\u0000', 'ß'.repeat(300), 'e\u0301'.repeat(50)];

/**
 * Applies a mutation at one of the places of `value` (the whole value, or any property or item
 * inside it): a value of another type, a huge one, strange unicode, a `$` operator, a prototype
 * key, or a property dropped. Returns a new value; `value` is not changed.
 */
export function mutate(value: unknown, m: Mutation): unknown {
  const copy = structuredClone(value) as unknown;
  const places: Array<{ parent: Record<string, unknown> | unknown[] | null; key: string | number }> = [{ parent: null, key: '' }];
  const walk = (node: unknown) => {
    if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        places.push({ parent: node as Record<string, unknown>, key: Array.isArray(node) ? Number(key) : key });
        walk((node as Record<string, unknown>)[key]);
      }
    }
  };
  walk(copy);
  const place = places[m.at % places.length]!;
  const current = place.parent ? (place.parent as Record<string, unknown>)[place.key] : copy;
  const replaced = ((): unknown => {
    switch (m.kind) {
      case 'wrong-type':
        return typeof current === 'string'
          ? 12345
          : typeof current === 'number'
            ? String(current)
            : Array.isArray(current)
              ? { 0: current[0] }
              : current && typeof current === 'object'
                ? [current]
                : m.value;
      case 'huge':
        return typeof current === 'number' ? 1e308 : Array.isArray(current) ? Array.from({ length: 1_500 }, () => current[0] ?? 'x') : 'x'.repeat(100_000);
      case 'unicode':
        return UNICODE[m.at % UNICODE.length];
      case 'operator':
        return current && typeof current === 'object' && !Array.isArray(current) ? { ...current, $where: 'sleep(1000)', $set: { status: 'published' } } : { $ne: current ?? null, $gt: '' };
      case 'proto':
        return current && typeof current === 'object' && !Array.isArray(current)
          ? JSON.parse(`{"__proto__":{"admin":true,"roles":["admin"]},"constructor":{"prototype":{"admin":true}},${JSON.stringify(current).slice(1)}`.replace(/,}$/, '}'))
          : JSON.parse('{"__proto__":{"admin":true}}');
      case 'drop':
        return undefined;
    }
  })();
  if (!place.parent) return replaced;
  if (replaced === undefined && !Array.isArray(place.parent)) delete (place.parent as Record<string, unknown>)[place.key];
  else (place.parent as Record<string, unknown>)[place.key] = replaced;
  return copy;
}
