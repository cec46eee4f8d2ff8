// "+25% on the previous period": how a headline number compares with the same span just before
// (the API's `previous`), in words a screen reader says as it reads ("up 25%"), with the earlier
// number in the tooltip.
import { formatNumber } from './link-detail-api';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

export function PeriodChange({ now, before, testId }: { now: number; before: number; testId: string }) {
  const title = `${formatNumber(before)} in the previous period of the same length`;
  if (before === 0) {
    return (
      <dd className="change muted small" data-testid={testId} title={title}>
        {now === 0 ? 'None in the previous period either' : 'None in the previous period'}
      </dd>
    );
  }
  const change = (now - before) / before;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return (
    <dd className={`change small ${direction}`} data-testid={testId} title={title}>
      <span aria-hidden="true">{direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : ''}</span>
      {direction === 'same' ? 'Same as' : percent.format(change)}{' '}
      <span className="muted">
        {direction === 'same' ? '' : 'vs '}the previous period ({formatNumber(before)})
      </span>
    </dd>
  );
}
