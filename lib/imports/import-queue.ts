// The pg-boss queue of bulk imports (lib/jobs/queues.ts runs it).
export const IMPORT_QUEUE = 'links.import';
