// Every operation of the API, for the OpenAPI document and the route test. A route's handler
// carries its operations (lib/http/operation.ts); this list is what the document describes, and
// tests/unit/route-schemas.test.ts checks the two agree.
import type { Operation } from '../http/operation';
import * as account from './operations/account';
import * as admin from './operations/admin';
import * as compat from './operations/compat';
import * as domainAssets from './operations/domain-assets';
import * as domains from './operations/domains';
import * as folderOps from './operations/folders';
import * as imports from './operations/imports';
import * as linkAssets from './operations/link-assets';
import * as links from './operations/links';
import * as mcp from './operations/mcp';
import * as meta from './operations/meta';
import * as privacy from './operations/privacy';
import * as publicForms from './operations/public-forms';
import * as publicStats from './operations/public-stats';
import * as sso from './operations/sso';
import * as stats from './operations/stats';
import * as tagOps from './operations/tags';
import * as tokens from './operations/tokens';
import * as webhooks from './operations/webhooks';
import * as workspaces from './operations/workspaces';

const isOperation = (v: unknown): v is Operation => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'responses' in v;

export const ALL_OPERATIONS: Operation[] = [
  links,
  folderOps,
  tagOps,
  stats,
  webhooks,
  tokens,
  domains,
  compat,
  meta,
  workspaces,
  privacy,
  admin,
  account,
  linkAssets,
  domainAssets,
  imports,
  sso,
  publicForms,
  publicStats,
  mcp,
].flatMap((m) => Object.values(m).filter(isOperation));
