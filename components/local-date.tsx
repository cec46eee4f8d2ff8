'use client';
// A timestamp in the reader's locale and time zone. The server cannot know either, so it renders
// the bare <time> and the browser fills in the text (no hydration mismatch).
import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

export function LocalDate({ iso, options = { dateStyle: 'medium', timeStyle: 'short' } }: { iso: string; options?: Intl.DateTimeFormatOptions }) {
  const inBrowser = useSyncExternalStore(noSubscribe, () => true, () => false);
  return <time dateTime={iso}>{inBrowser ? new Intl.DateTimeFormat(undefined, options).format(new Date(iso)) : iso.slice(0, 10)}</time>;
}
