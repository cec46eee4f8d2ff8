// zod → JSON Schema (2020-12, which OpenAPI 3.1 uses) for the document: requests as the client sends
// them (io: input), answers as the server writes them (io: output). Schemas named with
// .meta({ id }) become components, referenced as #/components/schemas/<id>. Each schema is then
// normalized for readers (normalize-schema.ts) and given examples by property name (property-examples.ts).
import { z } from 'zod';
import { normalizeSchema, type RefType } from './normalize-schema';
import { withPropertyExamples } from './property-examples';

export type JsonSchema = Record<string, unknown>;

export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
    const rawDefs = (raw.$defs ?? {}) as Record<string, JsonSchema>;
    delete raw.$defs;
    delete raw.$schema;
    // Normalized and given examples while the references still point into $defs (a composition's type may come from its target).
    const refType: RefType = (ref) => (ref.startsWith('#/$defs/') ? (rawDefs[ref.slice('#/$defs/'.length)]?.type as string | string[] | undefined) : undefined);
    const finish = (s: JsonSchema) => withPropertyExamples(normalizeSchema(s, refType));
    const defs = Object.fromEntries(Object.entries(rawDefs).map(([id, def]) => [id, finish(def)]));
    const out = finish(raw);
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) {
      // The same id in both directions may differ (transforms): the request side is <id>Input.
      names.set(
        id,
        this.components[id] && io === 'input' && JSON.stringify(this.components[id]) !== JSON.stringify(rewriteRefs(def, new Map())) ? `${id}Input` : id,
      );
    }
    for (const [id, def] of Object.entries(defs)) this.components[names.get(id)!] ??= rewriteRefs(def, names);
    const rewritten = rewriteRefs(out, names);
    if (typeof raw.id === 'string' && !defs[raw.id as string]) {
      // A top-level schema with an id is itself a component.
      const id = raw.id as string;
      delete (rewritten as JsonSchema).id;
      this.components[id] ??= rewritten;
      return { $ref: `#/components/schemas/${id}` };
    }
    return rewritten;
  }
}

function rewriteRefs<T>(value: T, names: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, names)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
        const id = v.slice('#/$defs/'.length);
        out[k] = `#/components/schemas/${names.get(id) ?? id}`;
      } else if (k !== 'id' || typeof v !== 'string') {
        out[k] = rewriteRefs(v, names); // a string `id` is left out
      }
    }
    return out as T;
  }
  return value;
}
