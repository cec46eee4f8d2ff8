// SCIM resources as identity providers read them (RFC 7643 §4, §8): User, Group, ListResponse.
import type { ScimGroupRow, ScimUserRow } from '../../db/schema';
import { SCIM_GROUP_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA } from './scim-schema';
import { SCIM_BASE_PATH } from './directory-sync';

export function userResource(row: ScimUserRow, email: string, baseUrl: string) {
  const formatted = [row.givenName, row.familyName].filter(Boolean).join(' ') || undefined;
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.userName,
    name: {
      ...(row.givenName ? { givenName: row.givenName } : {}),
      ...(row.familyName ? { familyName: row.familyName } : {}),
      ...(formatted ? { formatted } : {}),
    },
    ...(row.displayName ? { displayName: row.displayName } : {}),
    emails: [{ value: email, type: 'work', primary: true }],
    active: row.active,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}${SCIM_BASE_PATH}/Users/${row.id}`,
    },
  };
}

export function groupResource(row: ScimGroupRow, members: Array<{ id: string; userName: string }>, baseUrl: string) {
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    members: members.map((m) => ({ value: m.id, display: m.userName, $ref: `${baseUrl}${SCIM_BASE_PATH}/Users/${m.id}` })),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}${SCIM_BASE_PATH}/Groups/${row.id}`,
    },
  };
}

export function listResponse(resources: unknown[], totalResults: number, startIndex: number) {
  return { schemas: [SCIM_LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
