// The SCIM discovery endpoints (RFC 7644 §4, RFC 7643 §5–7): what Sling's service provider supports.
import { SCIM_GROUP_SCHEMA, SCIM_USER_SCHEMA } from './scim-schema';
import { SCIM_BASE_PATH } from './directory-sync';

const meta = (baseUrl: string, resourceType: string, path: string) => ({ resourceType, location: `${baseUrl}${SCIM_BASE_PATH}/${path}` });

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl}/settings/directory-sync`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The directory sync token from Settings → Directory sync, as "Authorization: Bearer <token>".',
        primary: true,
      },
    ],
    meta: meta(baseUrl, 'ServiceProviderConfig', 'ServiceProviderConfig'),
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A member of the workspace',
      schema: SCIM_USER_SCHEMA,
      meta: meta(baseUrl, 'ResourceType', 'ResourceTypes/User'),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of the identity provider',
      schema: SCIM_GROUP_SCHEMA,
      meta: meta(baseUrl, 'ResourceType', 'ResourceTypes/Group'),
    },
  ];
}

const attr = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function schemas(baseUrl: string) {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: SCIM_USER_SCHEMA,
      name: 'User',
      description: 'A member of the workspace; active means a member.',
      attributes: [
        attr('userName', 'string', { required: true, uniqueness: 'server' }),
        attr('externalId', 'string', { caseExact: true }),
        attr('displayName', 'string'),
        attr('name', 'complex', {
          subAttributes: [attr('givenName', 'string'), attr('familyName', 'string'), attr('formatted', 'string', { mutability: 'readOnly' })],
        }),
        attr('emails', 'complex', {
          multiValued: true,
          mutability: 'immutable',
          subAttributes: [attr('value', 'string'), attr('type', 'string'), attr('primary', 'boolean')],
        }),
        attr('active', 'boolean'),
      ],
      meta: meta(baseUrl, 'Schema', `Schemas/${SCIM_USER_SCHEMA}`),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: SCIM_GROUP_SCHEMA,
      name: 'Group',
      description: 'A group of the identity provider (it does not give roles in Sling).',
      attributes: [
        attr('displayName', 'string', { required: true, uniqueness: 'server' }),
        attr('externalId', 'string', { caseExact: true }),
        attr('members', 'complex', {
          multiValued: true,
          subAttributes: [attr('value', 'string', { mutability: 'immutable' }), attr('display', 'string', { mutability: 'readOnly' })],
        }),
      ],
      meta: meta(baseUrl, 'Schema', `Schemas/${SCIM_GROUP_SCHEMA}`),
    },
  ];
}
