import type { ComponentChildren } from 'preact';
import { formatNumber } from '../../../lib/format';

/** Headline figures side by side. */
export function Totals({
  items,
}: {
  items: { label: string; value: number; hint?: string | undefined; change?: ComponentChildren }[];
}) {
  return (
    <dl class="totals">
      {items.map((item) => (
        <div key={item.label} class="card total">
          <dt>{item.label}</dt>
          <dd>
            <span class="total-value">{formatNumber(item.value)}</span>
            {item.change}
            {item.hint ? <span class="muted total-hint">{item.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A captioned table of figures, with numbers aligned right. */
export function FigureTable({
  caption,
  head,
  rows,
  empty = 'Nothing in this window.',
  tools,
}: {
  caption: string;
  head: string[];
  rows: (string | number | ComponentChildren)[][];
  empty?: string;
  /** Beside the table, above it: a download of its figures. */
  tools?: ComponentChildren;
}) {
  return (
    <div class="table-wrap card">
      {tools ? <div class="table-tools">{tools}</div> : null}
      <table class="figures">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" class={i > 0 ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} class="muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} class="num">
                      {typeof cell === 'number' ? formatNumber(cell) : cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A window's first and last day, each kept on one line (a date never breaks at its hyphens). */
export function DayRange({ from, to }: { from: string; to: string }) {
  return (
    <>
      <span class="day">{from}</span> to <span class="day">{to}</span>
    </>
  );
}
