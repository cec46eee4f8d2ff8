// Answers of /api/v1/workspace/directory-sync (the SCIM base URL, the token's state, the last activity).
import { z } from 'zod';
import { ZTimestamp } from '../schemas/common';

export const ZDirectorySync = z
  .object({
    base_url: z.string(),
    enabled: z.boolean(),
    token: z.object({ prefix: z.string(), created_at: ZTimestamp }).nullable(),
    last_request_at: ZTimestamp.nullable(),
    last_activity: z.string().nullable(),
    last_activity_at: ZTimestamp.nullable(),
    users: z.object({ total: z.number().int(), active: z.number().int() }),
    groups: z.number().int(),
  })
  .meta({ id: 'DirectorySync' });
