// The body checks of text-checks.ts, made chunk by chunk as a body arrives, so a large textual body
// (an import's 30 MiB CSV) is never joined into one buffer and scanned in one go: that held every
// redirect of the process for tens of milliseconds (docs/performance/2026-11-28-import-redirects.md).
// Each chunk is looked at for NUL bytes and for UTF-8, a sequence cut by the chunk's end being carried
// on to the next. Forms are kept whole and checked at the end (their %XX escapes can straddle chunks;
// they are small); JSON is checked as it arrives and kept, since a `\u0000` escape is only a NUL when
// it is not itself escaped, which takes parsing: the whole body is looked at only if one is seen.
import { bodyProblem, bytesProblem, isCheckedBody, isJson, mediaType, type TextProblem } from './text-checks';

export interface StreamedTextCheck {
  /** The reason to refuse the body, as soon as a chunk shows one. */
  push(chunk: Uint8Array): TextProblem;
  /** The reason to refuse it once complete. */
  end(): TextProblem;
}

const NUL_ESCAPE = Buffer.from('\\u0000');

/** A check for bodies of this Content-Type, or null for those not looked at (binary, multipart). */
export function streamedTextCheck(contentType: string | null): StreamedTextCheck | null {
  if (!isCheckedBody(contentType ?? undefined)) return null;
  const type = mediaType(contentType ?? undefined);
  if (type === 'application/x-www-form-urlencoded') return wholeBody(contentType);
  return rawText(isJson(type) ? contentType : null);
}

/** Forms: kept and checked whole at the end (bodyProblem percent-decodes them). */
function wholeBody(contentType: string | null): StreamedTextCheck {
  const kept: Uint8Array[] = [];
  return {
    push: (chunk) => (kept.push(chunk), null),
    end: () => bodyProblem(Buffer.concat(kept), contentType ?? undefined),
  };
}

/** Plain text and JSON: NUL bytes and UTF-8 per chunk; for JSON (`json` set), `\u0000` escapes too. */
function rawText(json: string | null): StreamedTextCheck {
  let carry: Uint8Array = new Uint8Array(0);
  let tail: Uint8Array = new Uint8Array(0);
  let escapeSeen = false;
  const kept: Uint8Array[] = [];
  return {
    push(chunk) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const joined = carry.length > 0 ? Buffer.concat([carry, bytes]) : bytes;
      // What is left out (a sequence begun, not finished) is bytes of 0x80 and up: no NUL in it.
      const cut = incompleteTail(joined);
      const problem = bytesProblem(joined.subarray(0, cut), 'The request body');
      if (problem !== null) return problem;
      carry = joined.subarray(cut);
      if (json !== null) {
        kept.push(chunk);
        // The escape may straddle two chunks: the previous chunk's last bytes are looked at again.
        if (!escapeSeen) escapeSeen = bytes.includes(NUL_ESCAPE) || Buffer.concat([tail, bytes.subarray(0, NUL_ESCAPE.length - 1)]).includes(NUL_ESCAPE);
        const keep = NUL_ESCAPE.length - 1;
        tail = bytes.length >= keep ? bytes.subarray(bytes.length - keep) : Buffer.concat([tail, bytes]).subarray(-keep);
      }
      return null;
    },
    end() {
      if (carry.length > 0) return 'The request body is not valid UTF-8 text.';
      // Rare: a `\u0000` somewhere in a JSON body. The whole-body check says whether it is a NUL.
      return json !== null && escapeSeen ? bodyProblem(Buffer.concat(kept), json) : null;
    },
  };
}

/** Where a UTF-8 sequence begun but not finished at the end of `bytes` starts (bytes.length if none). */
export function incompleteTail(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= 0 && i >= bytes.length - 4; i--) {
    const b = bytes[i];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: its lead is further back
    const length = b < 0x80 ? 1 : (b & 0xe0) === 0xc0 ? 2 : (b & 0xf0) === 0xe0 ? 3 : (b & 0xf8) === 0xf0 ? 4 : 1;
    return bytes.length - i < length ? i : bytes.length;
  }
  return bytes.length;
}
