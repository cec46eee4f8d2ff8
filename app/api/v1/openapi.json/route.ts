import { buildOpenApiDocument } from '@/lib/openapi/build-document';

// GET /api/v1/openapi.json – the OpenAPI 3.1 document of the REST API (TEMPORARY; replaced at merge)
export function GET() {
  return Response.json(buildOpenApiDocument());
}
