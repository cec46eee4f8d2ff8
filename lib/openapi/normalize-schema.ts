// Rewrites zod's JSON Schema into the equivalent forms readers of the document handle best: no
// ±2^53−1 bounds (zod writes them on every .int(), and Scalar showed them as the example),
// nullable types as type arrays, no `additionalProperties` that allows anything (the default: Scalar
// showed it as an "additionalProperty" in every example), nested anyOf lists made one, and a `type` on every
// anyOf/oneOf (Scalar's strict check, run on /docs, refuses a schema without one inside a component:
// "document validation errors" in the browser console). Each rewrite admits exactly the same values.
import type { JsonSchema } from './json-schema';

const SAFE = Number.MAX_SAFE_INTEGER;
/** Where a schema holds other schemas: one, a list, or a map by name. Every other keyword is copied as is. */
const ONE = ['items', 'additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs'];
const COMPOSITION = ['anyOf', 'oneOf', 'allOf', 'not'];

/** The `type` of `$ref`'s target, for a composition that has one among its branches. */
export type RefType = (ref: string) => string | string[] | undefined;

export function normalizeSchema(schema: JsonSchema, refType: RefType): JsonSchema {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const child = (v: unknown) => normalizeSchema(v as JsonSchema, refType);
  const node: JsonSchema = { ...schema };
  for (const k of ONE) if (k in node) node[k] = child(node[k]);
  for (const k of LIST) if (Array.isArray(node[k])) node[k] = (node[k] as unknown[]).map(child);
  for (const k of MAP) if (node[k]) node[k] = Object.fromEntries(Object.entries(node[k] as JsonSchema).map(([name, v]) => [name, child(v)]));
  if (node.minimum === -SAFE) delete node.minimum;
  if (node.maximum === SAFE) delete node.maximum;
  if (node.additionalProperties === true || isEmptyObject(node.additionalProperties)) delete node.additionalProperties;
  if (Array.isArray(node.anyOf)) flattenAnyOf(node);
  return nullableAsTypeArray(node) ?? typedComposition(node, refType);
}

/** A branch that is only an anyOf (with its type and description) is its branches: "number, string or null", not nested lists. */
function flattenAnyOf(node: JsonSchema): void {
  node.anyOf = (node.anyOf as JsonSchema[]).flatMap((branch) => {
    if (!Array.isArray(branch.anyOf) || !Object.keys(branch).every((k) => k === 'anyOf' || k === 'type' || k === 'description')) return [branch];
    if (branch.description && node.description === undefined) node.description = branch.description;
    else if (branch.description && node.description !== branch.description) return [branch];
    return branch.anyOf as JsonSchema[];
  });
}

/** anyOf [X, {type: null}] → X with "null" among its types (and in its enum), when X is a plain typed schema. */
function nullableAsTypeArray(node: JsonSchema): JsonSchema | undefined {
  const branches = node.anyOf as JsonSchema[] | undefined;
  if (node.type || branches?.length !== 2) return undefined;
  const nullAt = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
  if (nullAt < 0) return undefined;
  const other = branches[1 - nullAt];
  if (!other.type || other.$ref || COMPOSITION.some((k) => k in other)) return undefined;
  const { anyOf: _, ...rest } = node;
  const merged: JsonSchema = { ...other, ...rest, type: unique([...types(other.type), 'null']) };
  if (Array.isArray(other.enum)) merged.enum = other.enum.includes(null) ? other.enum : [...other.enum, null];
  if ('const' in other) {
    merged.enum = [other.const, null];
    delete merged.const;
  }
  return merged;
}

/** A `type` for an anyOf/oneOf without one: the types its branches allow (nothing new is refused). */
function typedComposition(node: JsonSchema, refType: RefType): JsonSchema {
  const branches = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (node.type || node.$ref || !branches) return node;
  const found = branches.map((b) => (b.type ?? (typeof b.$ref === 'string' ? refType(b.$ref) : undefined)) as string | string[] | undefined);
  if (found.some((t) => t === undefined)) return node;
  const all = unique(found.flatMap((t) => types(t!)));
  return { type: all.length === 1 ? all[0] : all, ...node };
}

const types = (t: unknown): string[] => (Array.isArray(t) ? t : [t as string]);
const unique = (list: string[]) => [...new Set(list)];
const isEmptyObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;
