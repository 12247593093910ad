import { z } from 'zod';
import { message } from './issues.ts';

/**
 * Building blocks every contract's inputs are made of, and the rules the server applies to every input whatever its
 * contract says (`inputProblems`, run before each route's own schema): ids fit PostgreSQL's integer, amounts stay
 * within a sane bound, and text never carries a NUL byte (PostgreSQL refuses it in text) or half of a UTF-16
 * surrogate pair; a single-line field refuses CR and LF, a multiline one (`text()`) keeps them.
 */

/** The largest id PostgreSQL's `integer` (serial) holds. */
export const MAX_ID = 2_147_483_647;
/** The largest whole number an input may carry when its contract names no bound of its own. */
export const MAX_INT = MAX_ID;
/** The largest amount (in major units, e.g. dollars) an input may carry when its contract names no bound of its own. */
export const MAX_AMOUNT = 100_000_000;
/** Inputs nested deeper than this are refused before any schema looks at them. */
export const MAX_DEPTH = 32;

export const UNSAFE_CHARACTER = message('unsafe_character', 'Remove the control character or broken symbol from this text.');
export const ONE_LINE = message('one_line', 'Enter one line of text.');
export const TOO_DEEP = message('invalid', 'This is nested too deeply.');
export const NOT_A_NUMBER = message('invalid', 'Enter a number.');
export const ID_TOO_BIG = message('too_big', `Enter a number of at most ${MAX_ID}.`, { max: MAX_ID });
export const ID_TOO_SMALL = message('too_small', `Enter a number of at least -${MAX_ID + 1}.`, { min: -(MAX_ID + 1) });
export const AMOUNT_TOO_BIG = message('too_big', `Enter an amount of at most ${MAX_AMOUNT}.`, { max: MAX_AMOUNT });
export const AMOUNT_TOO_SMALL = message('too_small', `Enter an amount of at least -${MAX_AMOUNT}.`, { min: -MAX_AMOUNT });

// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAK = /[\r\n]/;

/** True when the text holds a NUL byte or a lone surrogate: never stored, never sent to SQL. */
export const hasUnsafeCharacter = (value: string): boolean => NUL.test(value) || LONE_SURROGATE.test(value);

const multilineCheck = z.refine((value: unknown) => typeof value !== 'string' || !hasUnsafeCharacter(value), { message: UNSAFE_CHARACTER });
const singleLineCheck = z.superRefine((value: unknown, ctx) => {
  if (typeof value !== 'string') return;
  if (hasUnsafeCharacter(value)) ctx.addIssue({ code: 'custom', message: UNSAFE_CHARACTER, input: value });
  else if (LINE_BREAK.test(value)) ctx.addIssue({ code: 'custom', message: ONE_LINE, input: value });
});

type StringParams = Parameters<typeof z.string>[0];

/** A single-line string (a name, a phone number, a city, an address line): no CR or LF, NUL or broken symbol. */
export const line = (params?: StringParams) => z.string(params).check(singleLineCheck);

/** A multiline string (a message, a description, notes): line breaks kept; no NUL or broken symbol. */
export const text = (params?: StringParams) => z.string(params).check(multilineCheck);

/** A positive id as a JSON number (a serial column): 1 to 2147483647. */
export const id = (unknown = 'Unknown id.') => z.number({ message: unknown }).int(unknown).min(1, unknown).max(MAX_ID, unknown);

/** A positive id in a path or query string: 1 to 2147483647. */
export const idParam = (unknown = 'Unknown id.') =>
  z.coerce.number({ message: unknown }).int(unknown).min(1, unknown).max(MAX_ID, unknown);

/** An amount of money in major units (dollars) as a JSON number or query string: 0 to MAX_AMOUNT. */
export const amount = (invalid = NOT_A_NUMBER) =>
  z.coerce.number({ message: invalid }).min(0, 'Must be 0 or more.').max(MAX_AMOUNT, AMOUNT_TOO_BIG);

type Undefaulted<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};

/** Every field optional and without its default: a field left out of an edit keeps its stored value. */
export function leftOutKept<S extends z.ZodRawShape>(shape: S): Undefaulted<S> {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) =>
    [key, (field instanceof z.ZodDefault ? field.unwrap() as z.ZodType : field as z.ZodType).optional()])) as unknown as Undefaulted<S>;
}

export interface InputProblem {
  path: (string | number)[];
  message: string;
}

type Def = {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string; value?: unknown } } }[];
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType | undefined): Def | undefined =>
  (schema as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The schema that reads a value: wrappers (optional, default, pipe, lazy, ...) unwrapped. */
function unwrap(schema: z.ZodType | undefined, value: unknown, depth = 0): z.ZodType | undefined {
  const def = defOf(schema);
  if (!def || depth > 20) return undefined;
  switch (def.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional':
      return unwrap(def.innerType, value, depth + 1);
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? unwrap(def.out, value, depth + 1) : unwrap(def.in, value, depth + 1);
    case 'lazy':
      return def.getter ? unwrap(def.getter(), value, depth + 1) : undefined;
    case 'intersection':
      return unwrap(def.left, value, depth + 1);
    case 'union': {
      const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
      for (const option of def.options ?? []) {
        const inner = unwrap(option, value, depth + 1);
        const type = defOf(inner)?.type;
        if ((type === 'string' && kind === 'string') || (type === 'number' && (kind === 'number' || kind === 'string'))
          || (type === 'object' && kind === 'object') || (type === 'array' && kind === 'array') || (type === 'record' && kind === 'object')) {
          return inner;
        }
      }
      return undefined;
    }
    default:
      return schema;
  }
}

const isMultiline = (def: Def) => def.checks?.some((check) => check === (multilineCheck as unknown)) ?? false;
const hasCheck = (def: Def, name: string) => def.checks?.some((check) => check._zod.def.check === name) ?? false;
const isWhole = (def: Def) => def.checks?.some((check) => check._zod.def.check === 'number_format'
  && ['safeint', 'int32', 'uint32'].includes(String(check._zod.def.format))) ?? false;

function numberProblem(def: Def, value: unknown): string | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (def.coerce && typeof value === 'string' && value.trim() !== '') number = Number(value);
  else return undefined;
  if (Number.isNaN(number)) return undefined; // the schema's own message says what it expects
  if (!Number.isFinite(number)) return NOT_A_NUMBER;
  const whole = isWhole(def);
  if (!hasCheck(def, 'less_than') && number > (whole ? MAX_INT : MAX_AMOUNT)) return whole ? ID_TOO_BIG : AMOUNT_TOO_BIG;
  if (!hasCheck(def, 'greater_than') && number < (whole ? -(MAX_INT + 1) : -MAX_AMOUNT)) return whole ? ID_TOO_SMALL : AMOUNT_TOO_SMALL;
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  // Fastify's params and query objects have a prototype of their own with none above it.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

function walk(schema: z.ZodType | undefined, value: unknown, path: (string | number)[], problems: InputProblem[], depth: number): void {
  if (problems.length >= 20) return;
  if (depth > MAX_DEPTH) {
    problems.push({ path, message: TOO_DEEP });
    return;
  }
  const inner = unwrap(schema, value);
  const def = defOf(inner);
  if (typeof value === 'string') {
    if (hasUnsafeCharacter(value)) problems.push({ path, message: UNSAFE_CHARACTER });
    else if (def?.type === 'string' && !isMultiline(def) && LINE_BREAK.test(value)) problems.push({ path, message: ONE_LINE });
    else if (def?.type === 'number') {
      const problem = numberProblem(def, value);
      if (problem) problems.push({ path, message: problem });
    }
    return;
  }
  if (typeof value === 'number') {
    if (def?.type === 'number') {
      const problem = numberProblem(def, value);
      if (problem) problems.push({ path, message: problem });
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const element = def?.type === 'array' ? def.element
        : def?.type === 'tuple' ? (def.items?.[index] ?? def.rest ?? undefined) : undefined;
      walk(element, item, [...path, index], problems, depth + 1);
    });
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnsafeCharacter(key)) {
        problems.push({ path: [...path, key], message: UNSAFE_CHARACTER });
        continue;
      }
      const child = def?.type === 'object' ? def.shape?.[key] : def?.type === 'record' ? def.valueType : undefined;
      walk(child, item, [...path, key], problems, depth + 1);
    }
  }
}

/**
 * What no input may carry, whatever its schema (the server runs this on every route's params, query and body before
 * the schema itself): NUL bytes and lone surrogates in any string or key; CR or LF in a string its schema reads as a
 * single line (any string schema not made with `text()`); numbers a schema reads without its own bound beyond the
 * shop's bounds (whole numbers beyond PostgreSQL's integer, amounts beyond MAX_AMOUNT); nesting beyond MAX_DEPTH.
 */
export function inputProblems(schema: z.ZodType | undefined, value: unknown): InputProblem[] {
  const problems: InputProblem[] = [];
  walk(schema, value, [], problems, 0);
  return problems;
}
