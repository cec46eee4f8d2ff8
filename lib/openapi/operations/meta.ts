// The document itself.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import { ok } from './common';

export const getOpenApiDocument = defineOperation({
  id: 'getOpenApiDocument',
  method: 'GET',
  path: '/api/v1/openapi.json',
  tag: 'Meta',
  auth: [],
  rateLimited: false,
  summary: 'This OpenAPI 3.1 document',
  responses: { 200: ok(z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' })) },
  errors: [],
});
