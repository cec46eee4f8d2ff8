// Month arithmetic for the clicks table's partitions: a partition holds the clicks of one calendar
// month in UTC, [its first instant, the next month's), and is named after it (clicks_p2026_11).

/** The first instant (UTC) of the month `at` falls in. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first instant of the month `months` after (or before, when negative) the one `start` begins. */
export function addMonths(start: Date, months: number): Date {
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
}

/** The partition name of the month beginning at `start`. */
export function partitionName(start: Date): string {
  return `clicks_p${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}
