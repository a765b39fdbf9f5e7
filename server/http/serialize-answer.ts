// Every answer is checked against its route's response schema and sent as the schema encodes
// it (what the schema leaves out is not sent), as fastify-type-provider-zod's serializer does.
// That full check of every card cost about a fifth of the server's CPU on members' pages, which
// are never served whole from the read cache. An answer built by withOwnPart
// (server/lib/own-part.ts) from a shared copy is checked in two parts: the copy once, its encoded
// form and JSON kept for as long as the copy lives, and the member's own fields on each request
// (once for a value withOwnPart hands out alike to every member with the same own fields).
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { ownPartOf, type TOwnParts } from '../lib/own-part';

interface TEncodedCopy {
  encoded: Record<string, unknown>;
  json: string;
  /** Per set of own keys, the copy's JSON cut around their values (ownFieldsTemplate). */
  templates?: Map<string, TTemplate | null>;
}

interface TTemplate {
  segments: string[];
  keys: string[];
}

/** Per object schema, the shared copies already checked: their encoded form and its JSON. */
const encodedCopies = new WeakMap<$ZodType, WeakMap<object, TEncodedCopy>>();

/** The route's schema, as fastify-type-provider-zod takes it (a zod type, or `{ properties }`). */
function resolveSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && schema.properties instanceof $ZodType) return schema.properties;
  throw new Error(`Invalid response schema: ${JSON.stringify(schema)}`);
}

/**
 * The shape of an object schema whose encoding is key by key: no checks on the whole object and
 * no catch-all for other keys. Only there is encoding the copy and the own fields apart the same
 * as encoding them together.
 */
function keyByKeyShape(schema: $ZodType): Readonly<Record<string, $ZodType>> | null {
  const def = schema._zod.def;
  if (def.type !== 'object' || (def.checks?.length ?? 0) > 0) return null;
  const object = def as typeof def & { shape: Record<string, $ZodType>; catchall?: $ZodType };
  return object.catchall === undefined ? object.shape : null;
}

function encodedCopy(schema: $ZodType, copy: object): TEncodedCopy | null {
  let copies = encodedCopies.get(schema);
  if (!copies) encodedCopies.set(schema, (copies = new WeakMap()));
  let known = copies.get(copy);
  if (!known) {
    const result = safeEncode(schema, copy);
    if (!result.success) return null;
    const encoded = result.data as Record<string, unknown>;
    known = { encoded, json: JSON.stringify(encoded) };
    copies.set(copy, known);
  }
  return known;
}

const FAILED = Symbol('failed');

/** One own field encoded; a plain boolean (what members' own fields are) without zod's machinery. */
function encodeField(field: $ZodType, value: unknown): unknown {
  const def = field._zod.def;
  if (def.type === 'boolean' && (def.checks?.length ?? 0) === 0 && typeof value === 'boolean') return value;
  const result = safeEncode(field, value);
  return result.success ? result.data : FAILED;
}

/**
 * Per object schema, the JSON of the values withOwnPart hands out again (a card liked or not, its
 * creator followed or not: the same value for every member who sees it so). Put together once,
 * a members' gallery page of cards costs a lookup a card rather than a card's checks and
 * splicing on every request (a fifth of such a page's CPU). Kept as long as the value.
 */
const sharedValueJsons = new WeakMap<$ZodType, WeakMap<object, string>>();

function sharedJsonsOf(schema: $ZodType): WeakMap<object, string> {
  let jsons = sharedValueJsons.get(schema);
  if (!jsons) sharedValueJsons.set(schema, (jsons = new WeakMap()));
  return jsons;
}

/**
 * The JSON of a value built by withOwnPart, exactly as encoding it whole would give, or null
 * when it was not built so or anything fails a check (the whole encoding then says what).
 */
function ownPartJson(schema: $ZodType, shape: Readonly<Record<string, $ZodType>>, value: unknown, shared: WeakMap<object, string>): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const known = shared.get(value);
  if (known !== undefined) return known;
  const parts = ownPartOf(value);
  if (!parts) return null;
  const json = assembledJson(schema, shape, parts);
  if (json !== null && parts.shared) shared.set(value, flattened(json));
  return json;
}

/**
 * The same text, in one piece. V8 keeps a string built with `+` as a tree of its pieces, and
 * every join of a page that holds it walks that tree again; converting it to a number makes V8
 * flatten it in place, once (the trick of pino's `flatstr`).
 */
function flattened(text: string): string {
  Number(text);
  return text;
}

function assembledJson(schema: $ZodType, shape: Readonly<Record<string, $ZodType>>, parts: TOwnParts): string | null {
  const copy = encodedCopy(schema, parts.copy);
  if (!copy) return null;
  const keys = Object.keys(parts.own);
  const values: unknown[] = [];
  let changed = false;
  for (const key of keys) {
    const field = shape[key];
    // A key the copy's encoding lacks would land elsewhere in the key order: encoded whole then.
    if (!field || !(key in copy.encoded)) return null;
    const encoded = encodeField(field, parts.own[key]);
    if (encoded === FAILED) return null;
    values.push(encoded);
    changed ||= !Object.is(encoded, copy.encoded[key]);
  }
  if (!changed) return copy.json;
  const template = ownFieldsTemplate(copy, keys);
  if (!template || values.some((value) => value === undefined)) {
    return JSON.stringify(Object.fromEntries([...Object.entries(copy.encoded), ...keys.map((key, index) => [key, values[index]])]));
  }
  let json = template.segments[0]!;
  template.keys.forEach((key, index) => {
    json += JSON.stringify(values[keys.indexOf(key)]) + template.segments[index + 1]!;
  });
  return json;
}

/**
 * The copy's JSON cut around the values of these own keys, so that a member's answer whose own
 * fields differ from the copy's is put together rather than stringified whole:
 * `segments[0] + value of keys[0] + segments[1] + … + segments[n]`, exactly JSON.stringify's
 * text. Null when an own key has no value in the copy (JSON.stringify would leave it out).
 */
function ownFieldsTemplate(copy: TEncodedCopy, ownKeys: readonly string[]): TTemplate | null {
  const id = ownKeys.join(',');
  copy.templates ??= new Map();
  let template = copy.templates.get(id);
  if (template !== undefined) return template;
  const segments: string[] = [];
  const keys: string[] = [];
  let segment = '{';
  let separator = '';
  template = { segments, keys };
  for (const [key, value] of Object.entries(copy.encoded)) {
    if (ownKeys.includes(key)) {
      if (value === undefined) template = null;
      segments.push(`${segment}${separator}${JSON.stringify(key)}:`);
      keys.push(key);
      segment = '';
    } else {
      // What JSON.stringify leaves out of an object (undefined), left out here too.
      const json = JSON.stringify(value) as string | undefined;
      if (json === undefined) continue;
      segment += `${separator}${JSON.stringify(key)}:${json}`;
    }
    separator = ',';
  }
  segments.push(`${segment}}`);
  copy.templates.set(id, template);
  return template;
}

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema: routeSchema, method, url }) => {
  const schema = resolveSchema(routeSchema);
  const whole = (data: unknown): string => {
    const result = safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
  const def = schema._zod.def;
  const objectShape = keyByKeyShape(schema);
  if (objectShape) {
    const shared = sharedJsonsOf(schema);
    return (data) => ownPartJson(schema, objectShape, data, shared) ?? whole(data);
  }
  // A list of such objects (a page of cards), with no checks on the list itself.
  const element = def.type === 'array' && (def.checks?.length ?? 0) === 0 ? (def as typeof def & { element: $ZodType }).element : null;
  const elementShape = element ? keyByKeyShape(element) : null;
  if (!element || !elementShape) return whole;
  const shared = sharedJsonsOf(element);
  return (data) => {
    if (!Array.isArray(data) || data.length === 0 || ownPartOf(data[0]) === undefined) return whole(data);
    const items: string[] = [];
    for (const item of data) {
      const json = ownPartJson(element, elementShape, item, shared);
      if (json === null) return whole(data);
      items.push(json);
    }
    return `[${items.join(',')}]`;
  };
};
