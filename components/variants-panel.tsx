// A link's A/B test on its analytics page: per variant its destination and weight, the period's
// clicks and unique visitors, and the conversions reported so far; the winner marked once the test
// has ended. A table: the numbers are compared across rows, not read as a share of one whole.
import { useId } from 'react';
import type { VariantStats } from '@/lib/analytics/variant-stats';
import { formatNumber } from './link-detail-api';

export function VariantsPanel({ variants, winner }: { variants: VariantStats[]; winner?: string | null }) {
  const id = useId();
  const most = Math.max(1, ...variants.map((v) => v.clicks));
  return (
    <section className="breakdown variants" aria-labelledby={id}>
      <h3 id={id}>A/B test</h3>
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <div className="table-scroll" tabIndex={0} role="group" aria-label="Variants">
        <table>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col" className="num">
                Weight
              </th>
              <th scope="col" className="num">
                Clicks
              </th>
              <th scope="col" className="num">
                Visitors
              </th>
              <th scope="col" className="num">
                Conversions
              </th>
            </tr>
          </thead>
          <tbody>
            {variants.map((v) => (
              <tr key={v.value} data-variant={v.value}>
                <th scope="row">
                  <span className="variant-url" title={v.url}>
                    {v.url.replace(/^https?:\/\//, '')}
                  </span>
                  {winner === v.value ? <span className="badge active">Winner</span> : null}
                  <span className="bar" aria-hidden="true" style={{ width: `${(v.clicks / most) * 100}%` }} />
                </th>
                <td className="num">{v.weight}%</td>
                <td className="num">{formatNumber(v.clicks)}</td>
                <td className="num">{formatNumber(v.unique_visitors)}</td>
                <td className="num">{formatNumber(v.conversions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
