// SCIM PATCH and filter parsing as identity providers send them (RFC 7644 §3.5.2, §3.4.2.2).
import { describe, expect, test } from 'vitest';
import { ZScimPatch } from '../../lib/scim/scim-schema';
import { ScimError } from '../../lib/scim/scim-error';
import { parseEqFilter } from '../../lib/scim/scim-filter';
import { applyUserPatch, type UserState } from '../../lib/scim/scim-user-patch';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const base: UserState = {
  userName: 'mia@acme.test',
  externalId: null,
  displayName: 'Mia',
  givenName: 'Mia',
  familyName: 'Moss',
  active: true,
  email: 'mia@acme.test',
};
const patch = (Operations: unknown[]) => applyUserPatch(base, ZScimPatch.parse({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations }));
const scimType = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ScimError ? `${err.status} ${err.scimType}` : String(err);
  }
  return 'no error';
};

describe('applyUserPatch', () => {
  test('Okta: replace without a path, a value object', () => {
    expect(patch([{ op: 'replace', value: { active: false } }]).active).toBe(false);
    expect(patch([{ op: 'replace', value: { name: { familyName: 'Mossberg' }, displayName: 'Mia M.' } }])).toMatchObject({
      familyName: 'Mossberg',
      displayName: 'Mia M.',
      givenName: 'Mia',
    });
  });

  test('Entra: capitalised ops, string booleans, URN-prefixed paths, emails filter path; unknown attributes ignored', () => {
    expect(patch([{ op: 'Replace', path: 'active', value: 'False' }]).active).toBe(false);
    expect(
      patch([
        { op: 'Add', path: `${USER}:name.givenName`, value: 'Mina' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'MIA@acme.test' },
      ]).givenName,
    ).toBe('Mina');
    expect(patch([{ op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Sales' }])).toEqual(base);
    expect(patch([{ op: 'Remove', path: 'externalId' }]).externalId).toBeNull();
  });

  test('refusals carry their scimType', () => {
    expect(scimType(() => patch([{ op: 'replace', path: 'active', value: 'maybe' }]))).toBe('400 invalidValue');
    expect(scimType(() => patch([{ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@acme.test' }]))).toBe('400 mutability');
    expect(scimType(() => patch([{ op: 'remove', path: 'userName' }]))).toBe('400 mutability');
    expect(scimType(() => patch([{ op: 'remove' }]))).toBe('400 noTarget');
    expect(() => ZScimPatch.parse({ Operations: [{ op: 'move', path: 'active' }] })).toThrow();
    expect(() => ZScimPatch.parse({ Operations: [] })).toThrow();
  });
});

describe('parseEqFilter', () => {
  const allowed = { username: 'userName', externalid: 'externalId' };
  test('attribute eq "value", with the schema URN, escapes and any case', () => {
    expect(parseEqFilter('userName eq "mia@acme.test"', allowed, USER)).toEqual({ attribute: 'userName', value: 'mia@acme.test' });
    expect(parseEqFilter(`${USER}:userName EQ "a\\"b"`, allowed, USER)).toEqual({ attribute: 'userName', value: 'a"b' });
    expect(parseEqFilter(undefined, allowed, USER)).toBeNull();
  });
  test('other filters are invalidFilter', () => {
    expect(scimType(() => parseEqFilter('userName sw "mia"', allowed, USER))).toBe('400 invalidFilter');
    expect(scimType(() => parseEqFilter('title eq "x"', allowed, USER))).toBe('400 invalidFilter');
    expect(scimType(() => parseEqFilter('userName eq "a" and active eq true', allowed, USER))).toBe('400 invalidFilter');
  });
});
