// What Sling refuses in text before any route reads it: NUL characters (PostgreSQL cannot store
// them: "invalid byte sequence" was a 500) and bytes that are not UTF-8, in the request target
// (path and query, raw or percent-encoded) and in textual bodies (JSON, forms, plain text).
import { isUtf8 } from 'node:buffer';

/** A short reason when the text is refused, else null. */
export type TextProblem = string | null;

// biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL is one of the characters that need a closer look
const NEEDS_LOOK = /[%\u0000\u0080-\uffff]/;

/** Checks a request target as Node hands it over (its bytes as latin1 characters). */
export function targetProblem(url: string): TextProblem {
  if (!NEEDS_LOOK.test(url)) return null;
  return bytesProblem(percentDecoded(Buffer.from(url, 'latin1')), 'The address');
}

/** True when bodyProblem looks at bodies of this Content-Type (text and forms; not binary or multipart). */
export function isCheckedBody(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  return type === 'application/x-www-form-urlencoded' || isTextual(type);
}

/** Checks a request body of the given Content-Type; binary and multipart bodies are not looked at. */
export function bodyProblem(body: Buffer, contentType: string | undefined): TextProblem {
  const type = mediaType(contentType);
  if (type === 'application/x-www-form-urlencoded') return bytesProblem(percentDecoded(body), 'The form');
  if (!isTextual(type)) return null;
  const raw = bytesProblem(body, 'The request body');
  if (raw !== null) return raw;
  if (isJson(type) && /\\u0000/i.test(body.toString('utf8')) && jsonHasNul(body))
    return 'The request body contains a NUL character (\\u0000), which is not allowed.';
  return null;
}

/** A NUL byte or bytes that are not UTF-8 in `bytes`, named as `what`. */
export function bytesProblem(bytes: Buffer, what: string): TextProblem {
  if (bytes.includes(0)) return `${what} contains a NUL character, which is not allowed.`;
  if (!isUtf8(bytes)) return `${what} is not valid UTF-8 text.`;
  return null;
}

/** The media type of a Content-Type, lower case, without its parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
}

function isTextual(type: string): boolean {
  return type === '' || type.startsWith('text/') || isJson(type) || type === 'application/xml';
}

export function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/** True when a parsed JSON body holds a NUL in any key or string; unparsable JSON is left to the route. */
function jsonHasNul(body: Buffer): boolean {
  let found = false;
  try {
    JSON.parse(body.toString('utf8'), (key, value) => {
      if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) found = true;
      return value;
    });
  } catch {
    return false;
  }
  return found;
}

/** %XX sequences turned into their bytes; a '%' without two hex digits stays as it is (as URLSearchParams does). */
export function percentDecoded(bytes: Buffer): Buffer {
  if (!bytes.includes(37 /* % */)) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 37 && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out[n++] = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      i += 2;
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

function isHex(b: number | undefined): boolean {
  return b !== undefined && ((b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102));
}
