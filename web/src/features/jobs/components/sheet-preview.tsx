import { useId } from 'preact/hooks';
import { formatCount } from '../../../lib/format';
import { mm, type Sheet, type SheetPage } from '../api/sheet-layout';

/** The length of a cut mark, and its distance from the cell's corner, in millimetres. */
const MARK = 3;
const MARK_GAP = 1;

/** A symbol's outline: a light square with the three finder squares of a QR code, to read as one at a glance. */
function SymbolMark({ x, y, side }: { x: number; y: number; side: number }) {
  const finder = side * 0.28;
  const corners = [
    [x, y],
    [x + side - finder, y],
    [x, y + side - finder],
  ] as const;
  return (
    <g>
      <rect x={x} y={y} width={side} height={side} class="sheet-symbol" />
      {corners.map(([fx, fy], i) => (
        <rect key={i} x={fx} y={fy} width={finder} height={finder} class="sheet-finder" />
      ))}
    </g>
  );
}

/** Cut marks in the margins, in line with every column's and row's edges. */
function CutMarks({ page, sheet }: { page: SheetPage; sheet: Sheet }) {
  if (sheet.marginMm < MARK + MARK_GAP) return null;
  const { paper, cell } = page;
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const c of page.cells) {
    xs.add(c.x).add(c.x + cell.width);
    ys.add(c.y).add(c.y + cell.height);
  }
  const top = sheet.marginMm - MARK_GAP;
  const bottom = paper.height - sheet.marginMm + MARK_GAP;
  const left = sheet.marginMm - MARK_GAP;
  const right = paper.width - sheet.marginMm + MARK_GAP;
  return (
    <g class="sheet-marks">
      {[...xs].map((x) => (
        <g key={`x${x}`}>
          <line x1={x} y1={top - MARK} x2={x} y2={top} />
          <line x1={x} y1={bottom} x2={x} y2={bottom + MARK} />
        </g>
      ))}
      {[...ys].map((y) => (
        <g key={`y${y}`}>
          <line x1={left - MARK} y1={y} x2={left} y2={y} />
          <line x1={right} y1={y} x2={right + MARK} y2={y} />
        </g>
      ))}
    </g>
  );
}

/**
 * One page of label sheets drawn in the browser as the options change: the paper, the cells of the
 * grid, the symbol square and the caption's line in each, as the service will lay them out, and the
 * cut marks; all in millimetres. A grid too fine for a 10 mm symbol shows its cells only.
 */
export function SheetPreview({ sheet, page }: { sheet: Sheet; page: SheetPage }) {
  const id = useId();
  const { paper, cell, geometry } = page;
  const symbol = geometry?.symbolMm ?? 0;
  const caption = geometry?.captionMm ?? 0;
  // The symbol and its caption are centred in the cell, as on the printed sheet.
  const top = (cell.height - symbol - caption) / 2;
  const line = Math.min(cell.width * 0.8, Math.max(symbol, cell.width * 0.5));
  const labels = sheet.columns * sheet.rows;
  return (
    <figure class="sheet-preview">
      <svg
        role="img"
        aria-labelledby={id}
        viewBox={`-1 -1 ${paper.width + 2} ${paper.height + 2}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <rect x={0} y={0} width={paper.width} height={paper.height} class="sheet-paper" />
        {page.cells.map((c, i) => (
          <g key={i}>
            <rect x={c.x} y={c.y} width={cell.width} height={cell.height} class="sheet-cell" />
            {symbol > 0 ? <SymbolMark x={c.x + (cell.width - symbol) / 2} y={c.y + top} side={symbol} /> : null}
            {caption > 0 ? (
              <rect
                x={c.x + (cell.width - line) / 2}
                y={c.y + top + symbol + caption * 0.3}
                width={line}
                height={caption * 0.4}
                rx={0.5}
                class="sheet-caption"
              />
            ) : null}
          </g>
        ))}
        <CutMarks page={page} sheet={sheet} />
      </svg>
      <figcaption id={id}>
        One {sheet.paper} page: {sheet.columns} × {sheet.rows}, {formatCount(labels, 'label', 'labels')};{' '}
        {geometry ? (
          <>
            each symbol <strong>{mm(symbol)}</strong> square.
          </>
        ) : (
          'no room for a symbol of 10 mm.'
        )}
      </figcaption>
    </figure>
  );
}
