import { QueryView } from '../../../components/ui/query-view';
import { useMediaUsage } from '../api/media';
import { formatBytes } from './bytes';

/** The library's space used against the account's limit, as a meter. */
export function MediaUsage() {
  const usage = useMediaUsage();
  return (
    <QueryView query={usage} loading="Loading usage…">
      {(u) => {
        const share = u.limitBytes > 0 ? Math.min(1, u.usedBytes / u.limitBytes) : 0;
        return (
          <div class="stack">
            <label for="media-usage-meter">Space the library takes</label>
            <meter
              id="media-usage-meter"
              class="allowance"
              min={0}
              max={u.limitBytes}
              low={u.limitBytes * 0.7}
              high={u.limitBytes * 0.9}
              optimum={0}
              value={u.usedBytes}
            />
            <p>
              <strong>{formatBytes(u.usedBytes)}</strong> of {formatBytes(u.limitBytes)} used ({Math.round(share * 100)}%). One
              file may be up to {formatBytes(u.maxFileBytes)}.
            </p>
          </div>
        );
      }}
    </QueryView>
  );
}
