import { useMemo, useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { ErrorMessage } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { canonicalCsv, fieldValue, type SheetFile } from '../api/bulk-file';
import { FIELDS, guessMapping, type FieldKey, type Mapping } from '../api/columns';
import { useFolderChoices, useTemplateChoices } from '../api/get-choices';
import { hasEnded, useJob, type Job } from '../api/get-job';
import { newKey } from '../api/new-key';
import { readSheetFile } from '../api/read-file';
import { useStartBulk } from '../api/start-bulk';
import { CheckResult } from './check-result';
import { ColumnMapping } from './column-mapping';
import { FilePicker } from './file-picker';
import { FilePreview } from './file-preview';

/**
 * A bulk import before anything is made: choose the file, see its first rows, match its columns to the
 * fields, check every row with the service (nothing created), then create. The Idempotency-Key is made
 * once per file and columns, so a second click or a retry answers the same job.
 */
export function ImportSteps({ onStarted }: { onStarted: (job: Job) => void }) {
  const [file, setFile] = useState<SheetFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [missing, setMissing] = useState<Partial<Record<FieldKey, string>>>({});
  const [checkId, setCheckId] = useState<string | null>(null);
  const folders = useFolderChoices();
  const templates = useTemplateChoices();
  const check = useStartBulk();
  const create = useStartBulk();
  const checked = useJob(checkId);
  const choices = useMemo(
    () => ({ folders: folders.data ?? [], templates: templates.data ?? [] }),
    [folders.data, templates.data],
  );
  const key = useMemo(newKey, [file, mapping]);

  const choose = async (chosen: File) => {
    setReading(true);
    setCheckId(null);
    check.reset();
    create.reset();
    try {
      const read = await readSheetFile(chosen);
      setFile(read);
      setMapping(guessMapping(read.header));
      setFileError(null);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The file could not be read.');
    } finally {
      setReading(false);
    }
  };
  const remap = (next: Mapping) => {
    setMapping(next);
    setCheckId(null);
    setMissing({});
    check.reset();
    create.reset();
  };
  const csv = () => canonicalCsv(file!, mapping!, choices);
  const runCheck = () => {
    const unset = FIELDS.filter((f) => f.required && mapping![f.key] === null);
    setMissing(Object.fromEntries(unset.map((f) => [f.key, `Choose the column that holds the ${f.label.toLowerCase()}s.`])));
    if (unset.length > 0) return;
    check.mutate({ csv: csv(), dryRun: true }, { onSuccess: (job) => setCheckId(job.id) });
  };
  const checking = check.isPending || (checked.data !== undefined && !hasEnded(checked.data));
  const values = (row: number, field: string) => {
    const cells = file?.rows[row - 1];
    if (!cells || !mapping) return null;
    const known = FIELDS.find((f) => f.key === field)?.key;
    return {
      name: fieldValue(cells, mapping, 'name', choices),
      value: known ? (mapping[known] === null ? '' : (cells[mapping[known]] ?? '')) : '',
    };
  };

  return (
    <>
      <Section id="import-file" title="1. Choose a file" card>
        <FilePicker file={file} error={fileError} busy={reading || checking || create.isPending} onFile={(f) => void choose(f)} />
      </Section>
      {file && mapping ? (
        <>
          <Section id="import-preview" title="2. Preview">
            <FilePreview file={file} />
          </Section>
          <Section id="import-columns" title="3. Match the columns" card>
            <div class="stack">
              <p class="muted">Each field is read from the column chosen here; columns chosen for none are left out.</p>
              <ColumnMapping header={file.header} mapping={mapping} errors={missing} disabled={checking} onChange={remap} />
              {check.error ? <ErrorMessage error={check.error} /> : null}
              <div class="actions actions-start">
                <Button busy={checking} onClick={runCheck}>
                  Check {formatCount(file.rows.length, 'row', 'rows')}
                </Button>
              </div>
            </div>
          </Section>
          {checked.data ? (
            <Section id="import-check" title="4. Check">
              <CheckResult
                job={checked.data}
                values={values}
                create={{
                  isPending: create.isPending,
                  error: create.error,
                  run: () => create.mutate({ csv: csv(), dryRun: false, idempotencyKey: key }, { onSuccess: onStarted }),
                }}
              />
            </Section>
          ) : checked.isError ? (
            <ErrorMessage error={checked.error} retry={() => void checked.refetch()} />
          ) : null}
        </>
      ) : null}
    </>
  );
}
