// `sling tokens create|list|revoke`: API tokens from the shell. `create` prints the secret as the
// last line of stdout (it is shown only once).
import { createApiToken, findUserTokens, revokeApiToken, serializeToken } from '../lib/tokens/manage-tokens';
import { openRuntime } from '../lib/runtime/open-runtime';
import { findUserByEmail } from '../lib/auth/find-user-by-email';
import { UsageError } from './usage-error';

export async function runTokensCommand(action: string | undefined, values: { email?: string; name?: string; id?: string }) {
  if (!['create', 'list', 'revoke'].includes(action ?? '')) throw new UsageError('Usage: sling tokens create|list|revoke …');
  const runtime = await openRuntime();
  try {
    const db = runtime.handle.db;
    if (action === 'revoke') {
      if (!values.id) throw new UsageError('--id is required');
      console.log(JSON.stringify(serializeToken(await revokeApiToken(db, { tokenId: values.id }))));
      return;
    }
    if (!values.email) throw new UsageError('--email is required');
    const user = await findUserByEmail(db, values.email);
    if (action === 'list') {
      for (const t of await findUserTokens(db, user.id)) console.log(JSON.stringify(serializeToken(t)));
      return;
    }
    const { secret, token } = await createApiToken(db, { userId: user.id, name: values.name });
    console.log(JSON.stringify(serializeToken(token)));
    console.log(secret);
  } finally {
    await runtime.close();
  }
}
