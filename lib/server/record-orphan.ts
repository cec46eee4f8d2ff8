// The one call the edge and the custom-domain router make for a visit that reached no link
// (docs/guide/orphan-visits.md): GET only (HEAD, like a click's, is never counted), counted in
// memory by the orphan tally; the visitor's headers are read only if the visit may be kept.
import type { IncomingMessage } from 'node:http';
import type { OrphanKind } from '../../db/schema/orphan-visits';
import { clientIp } from '../edge/client-ip';
import type { OrphanTally } from '../orphans/orphan-tally';

export type RecordOrphan = (req: IncomingMessage, domainId: number, kind: OrphanKind, raw: string) => void;

export function orphanRecorder(tally: OrphanTally, trustProxy: boolean | number): RecordOrphan {
  return (req, domainId, kind, raw) => {
    if (req.method !== 'GET') return;
    tally.record(domainId, kind, raw, () => ({ referrer: req.headers.referer, userAgent: req.headers['user-agent'], ip: clientIp(req, trustProxy) }));
  };
}
