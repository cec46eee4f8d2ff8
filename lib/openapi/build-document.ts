// TEMPORARY minimal OpenAPI 3.1 document so the /docs page and its tests work on this branch; the
// document generated from the zod schemas (branch api-schemas) replaces this file at merge.
const error = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} } } },
} as const;

const link = {
  type: 'object',
  required: ['id', 'short_code', 'short_url', 'long_url'],
  properties: {
    id: { type: 'integer' },
    short_code: { type: 'string' },
    short_url: { type: 'string', format: 'uri' },
    long_url: { type: 'string', format: 'uri' },
    clicks: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: { title: 'Sling REST API', version: '1' },
    servers: [{ url: '/', description: 'This instance' }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    tags: [{ name: 'Links' }],
    paths: {
      '/api/v1/links': {
        get: {
          tags: ['Links'],
          operationId: 'listLinks',
          summary: 'List links',
          parameters: [
            { name: 'q', in: 'query', schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
          ],
          responses: {
            '200': {
              description: 'The workspace’s links',
              content: { 'application/json': { schema: { type: 'object', properties: { links: { type: 'array', items: { $ref: '#/components/schemas/Link' } }, total: { type: 'integer' } } } } },
            },
            '401': errorResponse('Not signed in and no valid token'),
          },
        },
        post: {
          tags: ['Links'],
          operationId: 'createLink',
          summary: 'Create a link',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['url'],
                  properties: { url: { type: 'string', format: 'uri', examples: ['https://example.com/a/long/page'] }, alias: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
                },
              },
            },
          },
          responses: {
            '201': { description: 'The new link', content: { 'application/json': { schema: { $ref: '#/components/schemas/Link' } } } },
            '400': errorResponse('Invalid input'),
            '401': errorResponse('Not signed in and no valid token'),
          },
        },
      },
      '/api/v1/links/{id}/stats': {
        get: {
          tags: ['Links'],
          operationId: 'linkStats',
          summary: 'A link’s statistics',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'interval', in: 'query', schema: { type: 'string', enum: ['hour', 'day', 'week'] } },
          ],
          responses: {
            '200': { description: 'Clicks over time and breakdowns', content: { 'application/json': { schema: { type: 'object' } } } },
            '404': errorResponse('No such link in this workspace'),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token from Settings → API tokens.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: 'The dashboard’s session (same-origin requests only).' },
      },
      schemas: { Link: link, Error: error },
    },
  };
}
