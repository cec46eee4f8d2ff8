// `sling tokens list|create|revoke` as the logged-in token (it needs tokens:read / tokens:write, which
// a token has only when they were named; docs/api/authentication.md#tokens-that-manage-tokens).
import type { components } from '@sling/sdk';
import { print } from '../cli-io';
import { UsageError } from '../usage-error';
import { printFields, printTable, when } from './print-table';
import { emit, type RemoteContext } from './remote-context';

type Token = components['schemas']['ApiToken'];

const USAGE = `Usage: sling tokens list
       sling tokens create [--name N] [--scopes links:read,…] [--expires ISO-8601]
       sling tokens revoke <id>`;

export async function runRemoteTokens(action: string | undefined, ctx: RemoteContext): Promise<void> {
  const { sling, values: v } = ctx;
  switch (action) {
    case 'list':
      return emit(ctx, await sling.listTokens(), ({ tokens }) =>
        printTable(
          ['ID', 'NAME', 'PREFIX', 'SCOPES', 'LAST USED', 'EXPIRES', 'REVOKED'],
          tokens.map((t) => [t.id, t.name, t.prefix, t.scopes.join(','), when(t.last_used_at), when(t.expires_at), when(t.revoked_at)]),
          'No tokens.',
        ),
      );
    case 'create': {
      const scopes = v.scopes?.split(',').map((s) => s.trim()) as Token['scopes'] | undefined;
      const made = await sling.createToken({ body: { name: v.name, scopes, expires_at: v.expires } });
      // The secret last, alone on its line, as the local form prints it: shown only this once.
      return emit(ctx, made, ({ token, secret }) => {
        showToken(token);
        print(`\nThe secret, shown only this once:\n${secret}`);
      });
    }
    case 'revoke': {
      const id = ctx.args[0] ?? v.id;
      if (!id) throw new UsageError(USAGE);
      await sling.revokeToken({ params: { id } });
      return emit(ctx, { id, revoked: true }, () => print(`Revoked token ${id}.`));
    }
    default:
      throw new UsageError(USAGE);
  }
}

function showToken(t: Token): void {
  printFields([
    ['ID', t.id],
    ['Name', t.name],
    ['Prefix', t.prefix],
    ['Scopes', t.scopes.join(', ')],
    ['Expires', when(t.expires_at)],
  ]);
}
