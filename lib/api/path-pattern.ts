// Matches request paths against the API's paths as Operations write them (OpenAPI style:
// /api/v1/links/{id}); `{...rest}` as the last segment takes the rest of the path (better-auth's
// own routes). Static segments win over parameters, position by position, so /links/bulk is never
// read as /links/{id}.

export interface PathPattern {
  path: string;
  segments: readonly Segment[];
  /** A `{...rest}` last segment: matches one or more further segments. */
  rest?: string;
}

type Segment = { literal: string } | { param: string };

export function compilePath(path: string): PathPattern {
  const parts = path.split('/').slice(1);
  const last = parts.at(-1) ?? '';
  const restMatch = /^\{\.\.\.(\w+)\}$/.exec(last);
  const segments = (restMatch ? parts.slice(0, -1) : parts).map((p): Segment => {
    const param = /^\{(\w+)\}$/.exec(p);
    return param ? { param: param[1] } : { literal: p };
  });
  return { path, segments, rest: restMatch?.[1] };
}

/** The path's parameters (percent-decoded where that is valid) if it matches, else null. */
export function matchPath(pattern: PathPattern, parts: readonly string[]): Record<string, string> | null {
  const { segments, rest } = pattern;
  if (rest === undefined ? parts.length !== segments.length : parts.length <= segments.length) return null;
  let params: Record<string, string> | null = null;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if ('literal' in s) {
      if (s.literal !== parts[i]) return null;
    } else {
      if (parts[i] === '') return null;
      (params ??= {})[s.param] = decode(parts[i]);
    }
  }
  if (rest !== undefined) (params ??= {})[rest] = parts.slice(segments.length).map(decode).join('/');
  return params ?? {};
}

/** Negative when `a` should be tried before `b`: literals before parameters before a rest, by position. */
export function compareSpecificity(a: PathPattern, b: PathPattern): number {
  const rank = (p: PathPattern, i: number) => (i < p.segments.length ? ('literal' in p.segments[i] ? 0 : 1) : p.rest !== undefined ? 2 : 3);
  const n = Math.max(a.segments.length, b.segments.length) + 1;
  for (let i = 0; i < n; i++) {
    const d = rank(a, i) - rank(b, i);
    if (d !== 0) return d;
  }
  return 0;
}

function decode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
