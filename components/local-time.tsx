'use client';
// A date in the reader's locale and time zone. The server does not know either, so it sends the
// ISO instant and the browser formats it after hydration.
import { useEffect, useState } from 'react';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function formatWhen(iso: string | Date | null | undefined): string {
  return iso ? new Intl.DateTimeFormat(undefined, FORMAT).format(new Date(iso)) : '—';
}

export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => setText(formatWhen(iso)), [iso]);
  return <time dateTime={iso}>{text ?? `${iso.slice(0, 16).replace('T', ' ')} UTC`}</time>;
}
