// A batch of clicks as it crosses to the click writer's thread: numbers in one transferred
// Float64Array (link, time, flags (HEAD, QR, DNT/GPC), user agent, referrer, rule, variant), the batch's distinct user agents,
// referrers, rule and variant ids once each, and the addresses in one string. Posting the Click objects themselves cost
// the main thread 3–6× as much (structured clone writes every key and string of every click;
// bench/click-transfer.ts).
import type { Click } from '../analytics/click';

export interface EncodedClicks {
  numbers: Float64Array;
  /** Distinct user agents, referrers and rule ids; index k in `numbers` is strings[k - 1], 0 is none. */
  strings: string[];
  /** The addresses, each followed by a line end (no address holds one). */
  ips: string;
}

const FIELDS = 7;

export function encodeClicks(batch: Click[]): EncodedClicks {
  const n = batch.length;
  const numbers = new Float64Array(n * FIELDS);
  const index = new Map<string, number>();
  const strings: string[] = [];
  const indexOf = (s: string | undefined) => {
    if (s === undefined) return 0;
    let k = index.get(s);
    if (k === undefined) index.set(s, (k = strings.push(s)));
    return k;
  };
  let ips = '';
  for (let i = 0; i < n; i++) {
    const c = batch[i];
    const o = i * FIELDS;
    numbers[o] = c.linkId;
    numbers[o + 1] = c.at;
    numbers[o + 2] = (c.head ? 1 : 0) | (c.trigger === 'qr' ? 2 : 0) | (c.optOut ? 4 : 0);
    numbers[o + 3] = indexOf(c.userAgent);
    numbers[o + 4] = indexOf(c.referrer);
    numbers[o + 5] = indexOf(c.rule);
    numbers[o + 6] = indexOf(c.variant);
    ips += `${c.ip}\n`;
  }
  return { numbers, strings, ips };
}

export function decodeClicks({ numbers, strings, ips }: EncodedClicks): Click[] {
  const n = numbers.length / FIELDS;
  const addresses = ips.split('\n');
  const clicks = new Array<Click>(n);
  for (let i = 0; i < n; i++) {
    const o = i * FIELDS;
    const flags = numbers[o + 2];
    const ua = numbers[o + 3];
    const ref = numbers[o + 4];
    const rule = numbers[o + 5];
    const variant = numbers[o + 6];
    clicks[i] = {
      linkId: numbers[o],
      at: numbers[o + 1],
      userAgent: ua === 0 ? undefined : strings[ua - 1],
      referrer: ref === 0 ? undefined : strings[ref - 1],
      ip: addresses[i],
      trigger: flags & 2 ? 'qr' : 'link',
      head: (flags & 1) === 1,
    };
    if (flags & 4) clicks[i].optOut = true;
    if (rule !== 0) clicks[i].rule = strings[rule - 1];
    if (variant !== 0) clicks[i].variant = strings[variant - 1];
  }
  return clicks;
}
