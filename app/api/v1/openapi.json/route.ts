import { loadConfig } from '@/lib/config/load-config';
import { handleRoute } from '@/lib/http/handle-route';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';
import { getOpenApiDocument } from '@/lib/openapi/operations/meta';
import { publicHandler } from '@/lib/schemas/operation';

// GET /api/v1/openapi.json – the OpenAPI 3.1 document of the API (public, cacheable)
let cached: string | undefined;

export const GET = handleRoute(
  publicHandler(getOpenApiDocument, async () => {
    cached ??= JSON.stringify(buildOpenApiDocument({ serverUrl: loadConfig().BASE_URL }));
    return new Response(cached, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
    });
  }),
);
