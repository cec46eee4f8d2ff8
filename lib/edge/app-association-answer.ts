// A custom domain's app association files: /.well-known/apple-app-site-association (and the root
// path Apple still asks), /.well-known/assetlinks.json. Always a 200 with the JSON, never a
// redirect (Apple refuses one); only ever the visited domain's own file (server.ts asks by its id).
import type { ServerResponse } from 'node:http';
import type { AppAssociationFile } from '../domains/current-app-associations';

const APPLE_PATH = /^\/(\.well-known\/)?apple-app-site-association(\?|$)/;
const ANDROID_PATH = /^\/\.well-known\/assetlinks\.json(\?|$)/;

/** Which file `url` asks for, if any. */
export function appAssociationFileOf(url: string): AppAssociationFile | undefined {
  if (APPLE_PATH.test(url)) return 'apple';
  if (ANDROID_PATH.test(url)) return 'android';
  return undefined;
}

export function answerAppAssociation(res: ServerResponse, body: Buffer): void {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': String(body.length),
    'Cache-Control': 'public, max-age=300',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}
