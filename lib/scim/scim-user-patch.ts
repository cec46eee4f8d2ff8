// PATCH /Users/{id} (RFC 7644 §3.5.2) applied to a user's attributes. Paths may carry the core
// schema's URN; op names are case-insensitive (Entra sends "Replace"); without a path the value is
// an object of attributes (Okta's `{"op":"replace","value":{"active":false}}`). Attributes Sling
// does not keep are ignored.
import type { TScimPatch } from './scim-schema';
import { scimBoolean, SCIM_USER_SCHEMA } from './scim-schema';
import { ScimError } from './scim-error';

export interface UserState {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
  /** The address of the user's Sling account (it cannot change through SCIM). */
  email: string;
}

const str = (path: string, v: unknown, max = 400): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' || v.length > max) throw new ScimError(400, `${path} must be a string of at most ${max} characters.`, 'invalidValue');
  return v.trim() || null;
};

function setEmail(state: UserState, v: unknown) {
  const list = Array.isArray(v) ? v : [v];
  const values = list.map((e) => (e && typeof e === 'object' ? (e as { value?: unknown }).value : e)).filter((e) => typeof e === 'string') as string[];
  if (values.length && !values.some((e) => e.trim().toLowerCase() === state.email)) {
    throw new ScimError(
      400,
      `The email address of a provisioned user cannot change (it is ${state.email}); deprovision the user and provision the new address.`,
      'mutability',
    );
  }
}

function apply(state: UserState, op: 'add' | 'replace' | 'remove', rawPath: string, value: unknown) {
  let path = rawPath.trim();
  if (path.toLowerCase().startsWith(`${SCIM_USER_SCHEMA.toLowerCase()}:`)) path = path.slice(SCIM_USER_SCHEMA.length + 1);
  const p = path.toLowerCase();
  const v = op === 'remove' ? null : value;
  if (p === 'active') {
    if (op === 'remove') return;
    const parsed = scimBoolean.safeParse(v);
    if (!parsed.success) throw new ScimError(400, 'active must be true or false.', 'invalidValue');
    state.active = parsed.data;
  } else if (p === 'username') {
    const name = str('userName', v, 320);
    if (!name) throw new ScimError(400, 'userName cannot be removed.', 'mutability');
    state.userName = name;
  } else if (p === 'externalid') state.externalId = str('externalId', v, 500);
  else if (p === 'displayname') state.displayName = str('displayName', v);
  else if (p === 'name.givenname') state.givenName = str('name.givenName', v, 200);
  else if (p === 'name.familyname') state.familyName = str('name.familyName', v, 200);
  else if (p === 'name') {
    const n = (v ?? {}) as Record<string, unknown>;
    if (op !== 'add' || 'givenName' in n) state.givenName = str('name.givenName', n.givenName, 200);
    if (op !== 'add' || 'familyName' in n) state.familyName = str('name.familyName', n.familyName, 200);
  } else if (p === 'emails' || /^emails\[.*\](\.value)?$/.test(p)) {
    if (op !== 'remove') setEmail(state, v);
  }
  // Anything else (title, phoneNumbers, the enterprise extension, …) is not kept by Sling.
}

/** The user's attributes after the operations; throws a ScimError naming the one at fault. */
export function applyUserPatch(current: UserState, patch: TScimPatch): UserState {
  const state = { ...current };
  for (const { op, path, value } of patch.Operations) {
    if (path) apply(state, op, path, value);
    else if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        if (key === 'name' && v && typeof v === 'object') for (const [k, nv] of Object.entries(v)) apply(state, op, `name.${k}`, nv);
        else apply(state, op, key, v);
      }
    } else throw new ScimError(400, 'An operation without a path needs an object of attributes as its value.', 'invalidValue');
  }
  return state;
}
