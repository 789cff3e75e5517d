import { formatNumber } from '../../../lib/format';
import { fieldLabel, messageFor } from '../api/columns';
import type { JobError } from '../api/get-job';

/** A bad row's name and the value of the field at fault, as the file has them. */
export type RowValues = (row: number, field: string) => { name: string; value: string } | null;

/**
 * Every problem the check found, against its row: the field as the page names it ("Destination",
 * not "url"), the problem, and, where the file is at hand, the row's name and the value at fault (last,
 * so a phone shows the problem first and scrolls to the rest).
 */
export function ErrorsTable({
  errors,
  values,
  caption = 'Rows with problems',
}: {
  errors: readonly JobError[];
  values?: RowValues;
  caption?: string;
}) {
  return (
    <div class="table-wrap card table-shades" tabIndex={0} role="region" aria-labelledby="check-errors-caption">
      <table class="figures errors-table">
        <caption id="check-errors-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" class="num">
              Row
            </th>
            <th scope="col">Field</th>
            <th scope="col">Problem</th>
            {values ? <th scope="col">Name</th> : null}
            {values ? <th scope="col">Value</th> : null}
          </tr>
        </thead>
        <tbody>
          {errors.map((error, i) => {
            const found = values?.(error.row, error.field);
            return (
              <tr key={i}>
                <th scope="row" class="num">
                  {error.row === 0 ? 'File' : formatNumber(error.row)}
                </th>
                <td>{fieldLabel(error.field)}</td>
                <td class="cell-problem">{messageFor(error.field, error.message)}</td>
                {values ? <td>{found?.name ?? ''}</td> : null}
                {values ? <td class="cell-value">{found?.value ?? ''}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
