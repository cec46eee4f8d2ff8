// What every tag function is given: the workspace, and the links it may read and write — a member
// writes only the links it created (lib/tenancy/scope.ts), so its rename, merge or delete rewrites
// only those; the others' links keep the tag (docs/guide/folders-and-tags.md).
import type { SQL } from 'drizzle-orm';

export interface TagScopes {
  workspaceId: string;
  /** linkScope(actor, 'read'): the whole workspace, for counts and "is this tag still used". */
  read: SQL;
  /** linkScope(actor, 'write'): the links this caller may rewrite. */
  write: SQL;
}
