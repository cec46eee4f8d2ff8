// The deep scan's queue name, woken by link changes (lib/jobs/wake-on-change.ts).
export const DEEP_SCAN_QUEUE = 'safety.deep-scan';
