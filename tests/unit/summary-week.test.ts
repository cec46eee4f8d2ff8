// The week a weekly summary covers, and the id that makes it once per workspace and week.
import { describe, expect, test } from 'vitest';
import { summaryWeek, weeklySummaryEventId } from '../../lib/events/record-weekly-summaries';
import { queueSpec } from '../../lib/jobs/queues';

const week = (iso: string) => {
  const { from, to } = summaryWeek(new Date(iso));
  return [from.toISOString(), to.toISOString()];
};

describe('summaryWeek', () => {
  test('Monday 09:00 UTC (the schedule): the seven days that ended at midnight', () => {
    expect(week('2027-03-08T09:00:00.000Z')).toEqual(['2027-03-01T00:00:00.000Z', '2027-03-08T00:00:00.000Z']);
  });

  test('a late or retried run (Tuesday, Sunday night) still covers the week that ended last', () => {
    expect(week('2027-03-09T17:30:00.000Z')).toEqual(['2027-03-01T00:00:00.000Z', '2027-03-08T00:00:00.000Z']);
    expect(week('2027-03-14T23:59:59.999Z')).toEqual(['2027-03-01T00:00:00.000Z', '2027-03-08T00:00:00.000Z']);
    expect(week('2027-03-08T00:00:00.000Z')).toEqual(['2027-03-01T00:00:00.000Z', '2027-03-08T00:00:00.000Z']);
  });

  test('the event id is the same for a workspace and week, and differs otherwise', () => {
    const from = new Date('2027-03-01T00:00:00.000Z');
    expect(weeklySummaryEventId('ws_a', from)).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(weeklySummaryEventId('ws_a', from)).toBe(weeklySummaryEventId('ws_a', new Date(from)));
    expect(weeklySummaryEventId('ws_b', from)).not.toBe(weeklySummaryEventId('ws_a', from));
    expect(weeklySummaryEventId('ws_a', new Date('2027-03-08T00:00:00.000Z'))).not.toBe(weeklySummaryEventId('ws_a', from));
  });

  test('the job is scheduled Mondays at 09:00 UTC', () => {
    expect(queueSpec('events.weekly-summary')?.cron).toBe('0 9 * * 1');
  });
});
