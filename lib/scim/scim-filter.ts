// The SCIM filters identity providers send to look a resource up before creating it (RFC 7644
// §3.4.2.2): `<attribute> eq "<value>"`. Other filters are refused with scimType invalidFilter.
import { ScimError } from './scim-error';

export interface EqFilter {
  attribute: string;
  value: string;
}

const FILTER = /^\s*([A-Za-z][\w:.]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** `allowed` maps lower-case attribute names (core schema URN prefix stripped) to the names callers use. */
export function parseEqFilter(filter: string | undefined, allowed: Record<string, string>, schema: string): EqFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  const m = FILTER.exec(filter);
  if (!m) throw new ScimError(400, `Only filters of the form attribute eq "value" are supported (got: ${filter.slice(0, 100)}).`, 'invalidFilter');
  let name = m[1];
  if (name.toLowerCase().startsWith(`${schema.toLowerCase()}:`)) name = name.slice(schema.length + 1);
  const attribute = allowed[name.toLowerCase()];
  if (!attribute) throw new ScimError(400, `Filtering by ${m[1]} is not supported; use ${Object.keys(allowed).join(', ')}.`, 'invalidFilter');
  return { attribute, value: m[2].replace(/\\(.)/g, '$1') };
}
