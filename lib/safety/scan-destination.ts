// Create- and update-time scanning (issue 18, point 1): every way of making or changing a link
// passes through here. A threat-list hit refuses the URL (422 unsafe_url naming the entry);
// heuristic suspicion alone lets the link exist, held as pending_review with the reasons.
import type { DbHandle } from '../db/types';
import { AppError } from '../core/errors';
import { currentThreatList } from './current-threat-list';
import { suspicionReasons } from './heuristics';
import type { ThreatMatch } from './threat-list';

export type ScanVerdict = { status: 'active'; reason: null } | { status: 'pending_review'; reason: string };

/** Scans a validated destination; throws unsafe_url on a list hit. `field` names the input in the error. */
export async function scanDestination(url: string, handle: DbHandle, field = 'url'): Promise<ScanVerdict> {
  const hit = (await currentThreatList(handle)).match(url);
  if (hit) throw unsafeUrl(hit, field);
  const reasons = suspicionReasons(new URL(url));
  return reasons.length === 0 ? { status: 'active', reason: null } : { status: 'pending_review', reason: reasons.join(' ') };
}

export function listedReason(hit: ThreatMatch): string {
  return hit.kind === 'host'
    ? `The destination's host ${hit.value} is listed as malware or phishing by ${hit.source}.`
    : `The destination address is listed as malware or phishing by ${hit.source}.`;
}

function unsafeUrl(hit: ThreatMatch, field: string): AppError {
  const reason = listedReason(hit);
  return new AppError('unsafe_url', reason, {
    [field]: reason,
    reason: hit.kind === 'host' ? 'listed_host' : 'listed_url',
    listed: hit.value,
    source: hit.source,
  });
}
