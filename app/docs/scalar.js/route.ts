import { pickEncoding, scalarBundle, scalarVersion } from '@/lib/docs/scalar-bundle';

export const dynamic = 'force-dynamic';

// GET /docs/scalar.js?v=<version> – Scalar's prebuilt browser bundle for /docs, compressed when the
// client accepts it; cached for good when the URL names the installed version.
export async function GET(req: Request) {
  const current = new URL(req.url).searchParams.get('v') === scalarVersion();
  const encoding = pickEncoding(req.headers.get('accept-encoding'));
  const body = await scalarBundle(encoding);
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    },
  });
}
