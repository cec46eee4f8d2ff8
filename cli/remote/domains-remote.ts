// `sling domains list|add|verify|status|remove` as the logged-in token, through the REST API. A
// domain is named by its id or its hostname (positional, or --id / --hostname as the local form).
import { SlingError, type components } from '@sling/sdk';
import { print } from '../cli-io';
import { UsageError } from '../usage-error';
import { printFields, printTable, when } from './print-table';
import { emit, type RemoteContext } from './remote-context';

type Domain = components['schemas']['Domain'];

const USAGE = `Usage: sling domains list
       sling domains add <hostname>
       sling domains verify|status <id|hostname>
       sling domains remove <id|hostname> --yes`;

export async function runRemoteDomains(action: string | undefined, ctx: RemoteContext): Promise<void> {
  const sling = ctx.sling;
  switch (action) {
    case 'list':
      return emit(ctx, await sling.listDomains(), ({ domains }) =>
        printTable(
          ['ID', 'HOSTNAME', 'STATUS', 'DEFAULT', 'VERIFIED'],
          domains.map((d) => [d.id, d.shared ? `${d.hostname} (shared)` : d.hostname, d.status, d.default, when(d.verified_at)]),
        ),
      );
    case 'add': {
      const hostname = ctx.args[0] ?? ctx.values.hostname;
      if (!hostname) throw new UsageError(USAGE);
      return emit(ctx, await sling.addDomain({ body: { hostname } }), ({ domain }) => {
        showDomain(domain);
        print('\nAdd these DNS records, then run `sling domains verify` (Sling also checks by itself):');
        showRecords(domain);
      });
    }
    case 'verify': {
      const id = await domainIdOf(ctx, named(ctx));
      return emit(ctx, await sling.verifyDomain({ params: { id } }), ({ domain, verified }) => {
        showDomain(domain);
        print(verified ? '\nVerified.' : '\nNot verified yet: the records below are not all found.');
        if (!verified) showRecords(domain);
      });
    }
    case 'status': {
      const id = await domainIdOf(ctx, named(ctx));
      return emit(ctx, await sling.getDomain({ params: { id } }), ({ domain }) => {
        showDomain(domain);
        printFields([
          ['Links', domain.link_count],
          ['Certificate', domain.certificate ? domain.certificate.status : 'none'],
        ]);
        showRecords(domain);
      });
    }
    case 'remove': {
      const id = await domainIdOf(ctx, named(ctx));
      // It takes every link on the domain with it: said first, done only when asked for by name.
      if (!ctx.values.yes) {
        const { domain } = await sling.getDomain({ params: { id } });
        throw new UsageError(
          `This removes ${domain.hostname} and its ${domain.link_count} link${domain.link_count === 1 ? '' : 's'} for good. Run it again with --yes to go ahead.`,
        );
      }
      await sling.deleteDomain({ params: { id } });
      return emit(ctx, { id: Number(id), removed: true }, () => print(`Removed domain ${id} and the links on it.`));
    }
    default:
      throw new UsageError(USAGE);
  }
}

function named(ctx: RemoteContext): string {
  const given = ctx.args[0] ?? ctx.values.id ?? ctx.values.hostname;
  if (!given) throw new UsageError(USAGE);
  return given;
}

/** A domain's id from its id or hostname (also `links create --domain`). */
export async function domainIdOf(ctx: RemoteContext, given: string): Promise<string> {
  if (/^\d+$/.test(given)) return given;
  const wanted = given.trim().toLowerCase().replace(/\.$/, '');
  const { domains } = await ctx.sling.listDomains();
  const found = domains.find((d) => d.hostname.toLowerCase() === wanted);
  if (!found) throw new SlingError({ status: 404, code: 'not_found', message: `No domain ${given} in this workspace.` });
  return String(found.id);
}

function showDomain(d: Domain): void {
  printFields([
    ['ID', d.id],
    ['Hostname', d.hostname],
    ['Status', d.status_reason ? `${d.status} (${d.status_reason})` : d.status],
    ['Default', d.default],
    ['Verified', when(d.verified_at)],
    ['Next check', when(d.next_check_at)],
  ]);
}

function showRecords(d: Domain): void {
  if (d.records.length === 0) return;
  print('');
  printTable(
    ['TYPE', 'NAME', 'VALUE', 'FOR', 'FOUND'],
    d.records.map((r) => [r.type, r.name, r.value, r.purpose, r.status]),
  );
}
