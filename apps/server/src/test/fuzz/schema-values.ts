/**
 * Values made from the OpenAPI document's JSON Schemas, first as the schema asks, then broken on purpose. A small
 * seeded generator rather than a property library: a failure names its seed and request number, and running the
 * seed again replays the same requests.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minProperties?: number;
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  $ref?: string;
};

/** mulberry32: a few lines, fast, and the same sequence for the same seed on every platform. */
/** A parameter of an operation in the document. */
export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: JsonSchema;
}

export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof randomSource>;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Strings that parse badly as numbers, dates or ids. */
export const awkwardStrings = [
  "",
  " ",
  "NaN",
  "-1",
  "-0",
  "Infinity",
  "-Infinity",
  "1e9999",
  "0x10",
  "9".repeat(40),
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "99999-01-01",
  "+275760-09-13",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "not-a-uuid",
  "null",
  "true",
  "[]",
  "{}",
  "' OR '1'='1",
  "%00",
  "..%2F..%2F",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "😀".repeat(50),
  "ДАННЫЕ",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
];

export const awkwardNumbers = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.000001,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  253402300800000,
  8.64e15,
  999999999999.99,
  1e12,
  1e13,
  1.005,
];

function randomText(random: Random, min = 0, max = 24): string {
  const length = random.int(min, Math.max(min, Math.min(max, min + 24)));
  const alphabet = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.àèìòù";
  let text = "";
  for (let i = 0; i < length; i++) text += alphabet[random.int(0, alphabet.length - 1)];
  return text;
}

function randomDate(random: Random): string {
  // The ends of the calendar the store and the zone arithmetic must take, now and then.
  if (random.chance(0.1))
    return random.pick(["9999-12-31", "9998-12-31", "1000-01-01", "0100-01-01", "1970-01-01", "2028-02-29"]);
  return `${random.int(1990, 2035)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
}

export interface ValueContext {
  random: Random;
  /** Ids that exist, so a valid value reaches the service and the database, not only the validator. */
  ids: readonly string[];
  /** Ids that fit a field by its name (`customer_id`, `projectId`), so that a whole valid body can pass the checks. */
  idsNamed(name: string): readonly string[];
  resolve(ref: string): JsonSchema;
}

/** A value the schema accepts (as far as formats and patterns can be guessed). */
export function valid(schema: JsonSchema, context: ValueContext, depth = 0, name = ""): unknown {
  const { random } = context;
  if (schema.$ref) return valid(context.resolve(schema.$ref), context, depth, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return valid(random.pick(union), context, depth, name);
  if (schema.allOf) return valid(schema.allOf[0]!, context, depth, name);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return random.chance(0.5);
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
      if (random.chance(0.2)) return random.pick([min, max]);
      const value = min + random.next() * Math.min(max - min, 10_000);
      return type === "integer" ? Math.floor(value) : Math.round(value * 100) / 100;
    }
    case "string":
      return validString(schema, context, name);
    case "array": {
      if (depth > 6) return [];
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length: count }, () => valid(schema.items ?? {}, context, depth + 1, name));
    }
    case "object": {
      if (depth > 6) return {};
      const result: Record<string, unknown> = {};
      const properties = Object.entries(schema.properties ?? {});
      for (const [key, property] of properties) {
        if (schema.required?.includes(key) || random.chance(0.7))
          result[key] = valid(property, context, depth + 1, key);
      }
      // A change must change something (`minProperties`, PATCH bodies).
      while (Object.keys(result).length < (schema.minProperties ?? 0) && properties.length > 0) {
        const [key, property] = random.pick(properties);
        result[key] = valid(property, context, depth + 1, key);
      }
      return result;
    }
    default:
      return random.pick([randomText(random), random.int(0, 100), null, true]);
  }
}

function validString(schema: JsonSchema, context: ValueContext, name: string): string {
  const { random } = context;
  const pattern = schema.pattern ?? "";
  if (schema.format === "uuid" || pattern.includes("[0-9a-fA-F]{8}-")) {
    const named = context.idsNamed(name);
    return random.pick(named.length > 0 && random.chance(0.9) ? named : context.ids);
  }
  // The document drops zod's refinements (dates and e-mails checked by a function), so names tell what pattern cannot.
  if (schema.format === "email" || /email/i.test(name)) return `fuzz-${random.int(0, 1e9)}@example.com`;
  if (/(^|_)date$|^until$/.test(name)) return randomDate(random);
  if (pattern.includes("[0-5]\\d")) return `${pad(random.int(0, 23))}:${random.pick(["00", "15", "30", "45"])}:00`;
  if (schema.format === "date-time")
    return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28))).toISOString();
  if (schema.format === "date" || pattern.includes("\\d{4}-")) return randomDate(random);
  if (pattern === "^\\d+$") return String(Date.UTC(2026, random.int(0, 11), random.int(1, 28)));
  if (pattern.startsWith("^#")) return `#${random.int(0, 0xffffff).toString(16).padStart(6, "0")}`;
  if (schema.format === "uri" || schema.format === "url") return `https://example.com/${randomText(random, 1, 8)}`;
  return randomText(random, schema.minLength ?? 0, schema.maxLength ?? 24);
}

/** Something of another JSON type than the schema's, at the limits of its own. */
export function wrongValue(random: Random): unknown {
  switch (random.int(0, 7)) {
    case 0:
      return random.pick(awkwardStrings);
    case 1:
      return random.pick(awkwardNumbers);
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return [random.pick(awkwardStrings), random.pick(awkwardNumbers)];
    case 5:
      return { [random.pick(["__proto__", "constructor", "x", ""])]: random.pick(awkwardStrings) };
    case 6:
      return "x".repeat(random.pick([256, 5_001, 70_000]));
    default:
      return `${randomText(random, 1, 8)}\u0000${randomText(random, 1, 8)}`;
  }
}

/** Nested arrays and objects `levels` deep, as raw JSON text (building them as values would overflow the stack). */
export function deepJson(levels: number): string {
  return `${'{"a":['.repeat(levels)}1${"]}".repeat(levels)}`;
}

/** Breaks one part of a valid value: a field of the wrong type, a missing required one, an unknown one or enum value. */
export function broken(value: unknown, schema: JsonSchema, context: ValueContext): unknown {
  const { random } = context;
  const resolved = schema.$ref ? context.resolve(schema.$ref) : schema;
  if (value === null || typeof value !== "object" || Array.isArray(value) || random.chance(0.1)) {
    if (Array.isArray(value) && value.length > 0 && random.chance(0.6)) {
      const copy = [...value];
      copy[random.int(0, copy.length - 1)] = wrongValue(random);
      return copy;
    }
    return wrongValue(random);
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const properties = resolved.properties ?? {};
  const names = Object.keys(properties);
  const choice = random.int(0, 5);
  if (choice === 0 && resolved.required?.length) {
    delete copy[random.pick(resolved.required)];
  } else if (choice === 1) {
    // Defined rather than assigned: assigning `__proto__` would change the copy's prototype, not add a field.
    Object.defineProperty(copy, random.pick(["unknown_field", "__proto__", "constructor", "uid", "organization_id"]), {
      value: wrongValue(random),
      enumerable: true,
    });
  } else if (choice === 2 && names.length > 0) {
    const name = random.pick(names);
    const property = properties[name]!;
    copy[name] = property.enum || property.anyOf ? `not-${randomText(random, 1, 6)}` : wrongValue(random);
  } else if (choice === 3 && names.length > 0) {
    const name = random.pick(names);
    copy[name] = broken(copy[name] ?? valid(properties[name]!, context, 1), properties[name]!, context);
  } else if (names.length > 0) {
    copy[random.pick(names)] = wrongValue(random);
  } else {
    copy.unknown_field = wrongValue(random);
  }
  return copy;
}
