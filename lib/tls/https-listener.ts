// HTTPS for custom domains: each name's certificate by SNI from the certificate store (dropped
// across instances through the invalidation bus); no certificate, no handshake. TLS 1.3 unless
// TLS_MIN_VERSION admits 1.2.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { invalidationBus } from '../cache/invalidation-bus';
import type { Config } from '../config/env';
import type { Db } from '../db/types';
import { answerClientError } from '../http/client-error';
import { limitConnectionsPerIp } from '../http/connection-limit';
import { logger } from '../core/logger';
import { acceptProxyProtocol } from '../server/proxy-listener';
import { CertificateStore } from './certificate-store';

/** The runtime's configuration (its SECRET_KEY resolved). */
type Settings = { SECRET_KEY: string } & Pick<
  Config,
  | 'TLS_PORT'
  | 'TLS_MIN_VERSION'
  | 'HOST'
  | 'CACHE_TTL_MS'
  | 'HEADERS_TIMEOUT_MS'
  | 'REQUEST_TIMEOUT_MS'
  | 'KEEP_ALIVE_TIMEOUT_MS'
  | 'MAX_CONNECTIONS_PER_IP'
  | 'PROXY_PROTOCOL_FROM'
>;

export async function startHttpsListener(config: Settings, db: Db, onRequest: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const store = new CertificateStore({ db: async () => db, secretKey: config.SECRET_KEY, ttlMs: config.CACHE_TTL_MS });
  invalidationBus().subscribe((key) => store.invalidate(key));
  const server = createServer(
    {
      minVersion: config.TLS_MIN_VERSION === '1.2' ? 'TLSv1.2' : 'TLSv1.3',
      SNICallback: (name, done) => {
        store.contextFor(name).then(
          (context) => done(context ? null : new Error(`no certificate for ${name}`), context ?? undefined),
          (err: Error) => done(err),
        );
      },
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
    },
    onRequest,
  );
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
  server.on('clientError', answerClientError);
  limitConnectionsPerIp(server, config.MAX_CONNECTIONS_PER_IP);
  // The PROXY header comes before the TLS handshake, on the raw connection (lib/server/proxy-listener.ts).
  if (config.PROXY_PROTOCOL_FROM) acceptProxyProtocol(server, { from: config.PROXY_PROTOCOL_FROM });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.TLS_PORT, config.HOST, () => resolve());
  });
  logger().info({ port: (server.address() as AddressInfo).port, minVersion: config.TLS_MIN_VERSION }, 'HTTPS listening for custom domains');
  return server;
}
