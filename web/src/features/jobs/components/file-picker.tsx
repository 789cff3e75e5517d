import { useState } from 'preact/hooks';
import { Field } from '../../../components/ui/field';
import { formatCount } from '../../../lib/format';
import type { SheetFile } from '../api/bulk-file';

/**
 * Choosing the CSV file: the file field (the keyboard's way), or a file dropped anywhere on the card.
 * What was read, or why it could not be, shows beside it.
 */
export function FilePicker({
  file,
  error,
  busy,
  onFile,
}: {
  file: SheetFile | null;
  error: string | null;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      class={`drop-zone${over ? ' is-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const dropped = e.dataTransfer?.files[0];
        if (dropped) onFile(dropped);
      }}
    >
      <Field
        label="CSV file"
        error={error}
        hint="A header row, then one row per code (at most 100,000). Choose the file, or drop it here."
      >
        {(a11y) => (
          <input
            {...a11y}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0];
              if (chosen) onFile(chosen);
            }}
          />
        )}
      </Field>
      {file ? (
        <p class="file-summary" role="status">
          <strong>{file.name}</strong>: {formatCount(file.rows.length, 'row', 'rows')},{' '}
          {formatCount(file.header.length, 'column', 'columns')}.
        </p>
      ) : null}
    </div>
  );
}
