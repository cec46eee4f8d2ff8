// What every remote command gets: the SDK client, the output mode, its options and arguments.
import type { Sling } from '@sling/sdk';
import { print } from '../cli-io';

/** Exit codes of the remote commands (a wrong command line is 2, as for every command). */
export const EXIT = { ok: 0, apiError: 1, usage: 2, unauthorized: 3, unreachable: 4 } as const;

/** Thrown when no login exists. */
export class NotLoggedInError extends Error {}

export interface RemoteValues {
  url?: string;
  token?: string;
  'token-stdin'?: boolean;
  json?: boolean;
  /** Confirms what cannot be undone (domains remove). */
  yes?: boolean;
  alias?: string;
  domain?: string;
  tags?: string;
  expires?: string;
  search?: string;
  limit?: string;
  all?: boolean;
  range?: string;
  from?: string;
  to?: string;
  interval?: string;
  hostname?: string;
  id?: string;
  name?: string;
  scopes?: string;
}

export interface RemoteContext {
  sling: Sling;
  /** --json: the API's answer as one JSON document instead of tables. */
  json: boolean;
  values: RemoteValues;
  /** The arguments after the action (`links get <id>`). */
  args: string[];
}

/** Prints the answer as JSON with --json, else as `human` prints it. */
export function emit<T>(ctx: RemoteContext, answer: T, human: (answer: T) => void): void {
  if (ctx.json) print(JSON.stringify(answer, null, 2));
  else human(answer);
}
