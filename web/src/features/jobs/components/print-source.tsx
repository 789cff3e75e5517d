import { formatCount, formatDateTime } from '../../../lib/format';
import { useFolderChoices } from '../api/get-choices';
import { useJob } from '../api/get-job';
import type { PrintSource } from './print-options';

/** The codes a print run draws, in words: the selected codes, a folder's, or those an import made. */
export function PrintSourceText({ source }: { source: PrintSource }) {
  const folders = useFolderChoices();
  const job = useJob(source.jobId ?? null);
  if (source.codeIds) return <>{formatCount(source.codeIds.length, 'selected code', 'selected codes')}</>;
  if (source.folderId) {
    const folder = folders.data?.find((f) => f.id === source.folderId);
    return <>The live codes of the folder {folder ? `“${folder.name}”` : ''}</>;
  }
  if (job.data)
    return (
      <>
        The {formatCount(job.data.done, 'code', 'codes')} made by the import of {formatDateTime(job.data.createdAt)}
      </>
    );
  return <>The codes made by an import</>;
}

/** The source of a print run read from the page's address (`?codes=a,b`, `?folder=`, `?job=`), or null. */
export function sourceOf(query: Record<string, string | undefined>): PrintSource | null {
  const ids = (query.codes ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length > 0) return { codeIds: ids };
  if (query.folder) return { folderId: query.folder };
  if (query.job) return { jobId: query.job };
  return null;
}
