// `sling domains list|add|verify|remove`: a workspace's custom domains from the shell, as its owner
// (--workspace ID|SLUG, or --email for a user's personal workspace). The same lib functions as the
// API, so the same checks: hostname rules, plan allowance, uniqueness, the workspace scope.
import { domainSettings } from '../lib/domains/domain-settings';
import { addDomain, getDomainOrThrow, listDomains, type DomainScope } from '../lib/domains/manage-domains';
import { deleteDomain } from '../lib/links/delete-domain';
import { serializeDomain } from '../lib/domains/serialize-domain';
import { verifyDomain } from '../lib/domains/verify-domain';
import { AppError } from '../lib/core/errors';
import { currentAppContext } from '../lib/context/current-app-context';
import { parseBody, ZCreateDomain } from '../lib/domains/domain-schema';
import { ownerActor } from '../lib/workspaces/owner-actor';
import { openCliRuntime } from './cli-runtime';
import { print } from './cli-io';
import { UsageError } from './usage-error';

const USAGE = 'Usage: sling domains list|add|verify|remove (--workspace ID|SLUG | --email E) [--hostname H | --id I]';

export async function runDomainsCommand(action: string | undefined, values: { workspace?: string; email?: string; hostname?: string; id?: string }) {
  if (!['list', 'add', 'verify', 'remove'].includes(action ?? '')) throw new UsageError(USAGE);
  if (!values.workspace === !values.email) throw new UsageError(`Give one of --workspace or --email.\n${USAGE}`);
  if (action === 'add' && !values.hostname) throw new UsageError('--hostname is required');
  if ((action === 'verify' || action === 'remove') && !values.hostname === !values.id) throw new UsageError(`Give one of --hostname or --id.\n${USAGE}`);
  const runtime = await openCliRuntime();
  try {
    const ctx = await currentAppContext();
    const scope: DomainScope = { ctx, actor: await ownerActor(ctx.handle.db, values), settings: domainSettings() };
    const show = (d: Parameters<typeof serializeDomain>[0]) => serializeDomain(d, scope.settings);
    if (action === 'list') {
      for (const d of await listDomains(ctx.handle, scope.actor)) print(JSON.stringify(show(d)));
      return;
    }
    if (action === 'add') {
      print(JSON.stringify(show(await addDomain(scope, parseBody(ZCreateDomain, { hostname: values.hostname })))));
      return;
    }
    const id = values.id ?? (await idOfHostname(scope, values.hostname!));
    if (action === 'verify') {
      const result = await verifyDomain(ctx.handle, await getDomainOrThrow(ctx.handle, scope.actor, id), scope.settings);
      print(JSON.stringify({ ...show(result.domain), verified: result.domain.status === 'verified' }));
      return;
    }
    print(JSON.stringify({ id: Number(id), removed: true, links_removed: await deleteDomain(scope, String(id)) }));
  } finally {
    await runtime.close();
  }
}

async function idOfHostname(scope: DomainScope, hostname: string): Promise<number> {
  const wanted = hostname.trim().toLowerCase().replace(/\.$/, '');
  const found = (await listDomains(scope.ctx.handle, scope.actor)).find((d) => d.hostname.toLowerCase() === wanted && !d.isDefault);
  if (!found) throw new AppError('not_found', `No domain ${hostname} in this workspace.`);
  return found.id;
}
