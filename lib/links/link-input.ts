// Link fields as the JSON APIs take them (Variant A and REST v1 share these rules): the body's
// allowed keys, snake_case names mapped to createLink/updateLink input, ids and paging numbers.
import { AppError, invalidField } from '../http/errors';
import { readFields } from '../http/read-fields';
import type { Plan } from '../../db/schema';
import type { CreateLinkInput } from './create-link';
import { parseArchived, parseFreeOldCode, parseNote, parseTags, parseUtmFields } from '../schemas/link';
import { UTM_KEYS } from './utm';
import { parseExpiration } from './parse-expiration';
import type { UpdateLinkChanges } from './update-link';

export const CREATE_FIELDS: ReadonlySet<string> = new Set(['url', 'alias', 'domain_id', 'password', 'expiration', 'max_clicks']);
export const UPDATE_FIELDS: ReadonlySet<string> = new Set(['url', 'alias', 'password', 'expiration', 'max_clicks']);
/** REST v1 takes tags too, and archived on update (Variant A keeps its documented fields). */
/** …and a note and UTM values (merged into the destination), a social preview, and on update free_old_code (see update-link.ts). */
export const V1_CREATE_FIELDS: ReadonlySet<string> = new Set([...CREATE_FIELDS, 'tags', 'note', ...UTM_KEYS, 'preview']);
export const V1_UPDATE_FIELDS: ReadonlySet<string> = new Set([...UPDATE_FIELDS, 'tags', 'archived', 'note', ...UTM_KEYS, 'free_old_code', 'preview']);

/** The request's JSON object; a key outside `allowed` is a 400 naming it. */
export const readLinkFields = readFields;

/** createLink's input from a create body, in the actor's workspace; no expiration (or null) means none. */
export function createInputFrom(body: Record<string, unknown>, actor: { workspaceId: string; userId: string; workspace?: { plan: Plan } }, clientIp?: string): CreateLinkInput {
  return {
    plan: actor.workspace?.plan,
    clientIp,
    url: body.url,
    alias: body.alias,
    domainId: optionalId(body.domain_id, 'domain_id'),
    workspaceId: actor.workspaceId,
    createdBy: actor.userId,
    password: body.password,
    expiresAt: body.expiration === undefined || body.expiration === null ? null : parseExpiration(body.expiration, 'expiration'),
    maxClicks: body.max_clicks,
    tags: body.tags === undefined || body.tags === null ? undefined : parseTags(body.tags),
    note: body.note === undefined ? undefined : parseNote(body.note),
    utm: parseUtmFields(body, UTM_KEYS),
  };
}

/** updateLink's changes from an update body: only the fields given; null removes password, expiration, limit. */
export function changesFrom(body: Record<string, unknown>): UpdateLinkChanges {
  if (Object.keys(body).length === 0) throw new AppError('invalid_request', 'Send at least one field to change: url, alias, password, expiration, max_clicks, tags, archived, note or a utm_* value.');
  return {
    url: body.url,
    alias: body.alias,
    password: body.password,
    expiresAt: body.expiration === undefined ? undefined : body.expiration === null ? null : parseExpiration(body.expiration, 'expiration'),
    maxClicks: body.max_clicks,
    // null clears the tags, as it removes the other optional fields.
    tags: body.tags === undefined ? undefined : body.tags === null ? [] : parseTags(body.tags),
    archived: body.archived === undefined ? undefined : parseArchived(body.archived),
    note: body.note === undefined ? undefined : parseNote(body.note),
    utm: parseUtmFields(body, UTM_KEYS),
    freeOldCode: body.free_old_code === undefined ? undefined : parseFreeOldCode(body.free_old_code),
  };
}

/** A positive whole number (number or digit string), or undefined when absent. */
export function optionalId(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : /^\d+$/.test(String(v)) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw invalidField(field, `${field} must be a positive whole number.`);
  return n;
}

/** A whole-number query parameter within [min, max], `fallback` when absent. */
export function intParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw invalidField(name, max === Number.MAX_SAFE_INTEGER ? `${name} must be a whole number of at least ${min}.` : `${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

/** ?created_by=: a member's user id (only the links they made), or undefined when absent. */
export function createdByParam(params: URLSearchParams): string | undefined {
  const raw = params.get('created_by') || undefined;
  if (raw !== undefined && !/^[\w-]{1,100}$/.test(raw)) throw invalidField('created_by', "created_by must be a member's user id.");
  return raw;
}
