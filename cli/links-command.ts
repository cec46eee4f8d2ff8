// `sling links create|update|get|disable|enable`: administer links from the shell (as the operator:
// links made here go in the system workspace, like anonymous ones).
import { SYSTEM_WORKSPACE_ID } from '../db/schema';
import { createLink } from '../lib/links/create-link';
import { currentAppContext } from '../lib/context/current-app-context';
import { parseExpiration } from '../lib/schemas/parse-expiration';
import { getLinkByCode } from '../lib/links/get-link-by-code';
import { serializeLink } from '../lib/links/serialize-link';
import { setLinkDisabled } from '../lib/links/set-link-disabled';
import { updateLink } from '../lib/links/update-link';
import { AppError } from '../lib/core/errors';
import { openCliRuntime } from './cli-runtime';
import { print } from './cli-io';
import { UsageError } from './usage-error';
import { OPERATOR_SCOPE } from '../lib/tenancy/scope';

export async function runLinksCommand(action: string | undefined, values: { url?: string; alias?: string; code?: string; reason?: string; expires?: string }) {
  if (!['create', 'update', 'get', 'disable', 'enable'].includes(action ?? '')) throw new UsageError('Usage: sling links create|update|get|disable|enable …');
  const runtime = await openCliRuntime();
  try {
    const ctx = await currentAppContext();
    const domain = ctx.domains.defaultDomain;
    let row;
    if (action === 'create') {
      row = await createLink({ url: values.url, alias: values.alias, expiresAt: expiresAt(values.expires), workspaceId: SYSTEM_WORKSPACE_ID }, ctx);
    } else {
      if (!values.code) throw new UsageError('--code is required');
      const found = await getLinkByCode(ctx.handle.db, domain.id, values.code);
      if (!found) throw new AppError('not_found', `No link "${values.code}" on ${domain.hostname}.`);
      if (action === 'disable' && !values.reason) throw new UsageError('--reason is required');
      const act = {
        get: async () => found,
        update: () => updateLink(found, { url: values.url, expiresAt: expiresAt(values.expires) }, ctx, OPERATOR_SCOPE),
        disable: () => setLinkDisabled(found, { reason: values.reason! }, ctx),
        enable: () => setLinkDisabled(found, false, ctx),
      }[action as 'get' | 'update' | 'disable' | 'enable'];
      row = await act();
    }
    print(JSON.stringify(serializeLink(row, ctx.domains), null, 2));
  } finally {
    await runtime.close();
  }
}

/** --expires ISO-8601 sets the expiry; --expires none removes it. */
function expiresAt(value: string | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  return value === 'none' ? null : parseExpiration(value, 'expires');
}
