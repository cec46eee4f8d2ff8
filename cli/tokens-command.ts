// `sling tokens create|list|revoke`: API tokens from the shell. A token acts as the member in a
// workspace: the user's personal workspace, or --workspace <slug> (the user must be a member).
// `create` prints the secret as the last line of stdout (it is shown only once).
import { and, eq } from 'drizzle-orm';
import { apiTokens, workspaceMembers } from '../db/schema';
import { findUserByEmail } from '../lib/auth/find-user-by-email';
import { AppError } from '../lib/core/errors';
import { openCliRuntime } from './cli-runtime';
import { print } from './cli-io';
import { createApiToken, findTokens, revokeApiToken, serializeToken } from '../lib/tokens/manage-tokens';
import { OPERATOR_SCOPE } from '../lib/tenancy/scope';
import { findWorkspaceBySlug, personalWorkspaceOf } from '../lib/workspaces/find-workspace';
import { UsageError } from './usage-error';

/** How the audit log names a change made with this command on the server's own machine. */
const OPERATOR = { actorId: null, actorLabel: 'The operator (sling tokens)' };

export async function runTokensCommand(
  action: string | undefined,
  values: { email?: string; name?: string; id?: string; workspace?: string; scopes?: string },
) {
  if (!['create', 'list', 'revoke'].includes(action ?? '')) throw new UsageError('Usage: sling tokens create|list|revoke …');
  const runtime = await openCliRuntime();
  try {
    const db = runtime.handle.db;
    if (action === 'revoke') {
      if (!values.id) throw new UsageError('--id is required');
      print(JSON.stringify(serializeToken(await revokeApiToken(db, { tokenId: values.id, scope: OPERATOR_SCOPE, by: OPERATOR }))));
      return;
    }
    if (!values.email) throw new UsageError('--email is required');
    const user = await findUserByEmail(db, values.email);
    const ws = values.workspace ? await findWorkspaceBySlug(db, values.workspace) : await personalWorkspaceOf(db, user.id);
    if (action === 'list') {
      for (const t of await findTokens(db, and(eq(apiTokens.userId, user.id), eq(apiTokens.workspaceId, ws.id))!)) print(JSON.stringify(serializeToken(t)));
      return;
    }
    const [member] = await db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.organizationId, ws.id), eq(workspaceMembers.userId, user.id)))
      .limit(1);
    if (!member) throw new AppError('not_found', `${values.email} is not a member of the workspace ${ws.slug}.`);
    const scopes = values.scopes ? values.scopes.split(',').map((s) => s.trim()) : undefined;
    const { secret, token } = await createApiToken(db, { userId: user.id, workspaceId: ws.id, name: values.name, scopes, by: OPERATOR });
    print(JSON.stringify(serializeToken(token)));
    print(secret);
  } finally {
    await runtime.close();
  }
}
