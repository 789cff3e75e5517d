import { formatNumber } from '../../../lib/format';
import type { SheetFile } from '../api/bulk-file';

const SHOWN = 5;

/** The file's first rows as read in the browser, under its own header, before anything is sent. */
export function FilePreview({ file }: { file: SheetFile }) {
  const rows = file.rows.slice(0, SHOWN);
  return (
    <div class="table-wrap card table-shades" tabIndex={0} role="region" aria-labelledby="preview-caption">
      <table class="figures preview-table">
        <caption id="preview-caption">
          {file.rows.length > SHOWN
            ? `The first ${SHOWN} of ${formatNumber(file.rows.length)} rows of ${file.name}`
            : `The rows of ${file.name}`}
        </caption>
        <thead>
          <tr>
            <th scope="col" class="num">
              Row
            </th>
            {file.header.map((name, i) => (
              <th key={i} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              <th scope="row" class="num">
                {r + 1}
              </th>
              {file.header.map((_, i) => (
                <td key={i}>{row[i] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
