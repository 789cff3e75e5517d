import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { InlineForm } from '../../../components/ui/inline-form';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/field';
import { ErrorMessage, Notice } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import type { Code } from '../api/get-codes';
import { usePlacements } from '../api/get-placements';
import { placementAddress, usePlacementImage } from '../api/placement-image';

const PLACEMENT_MAX = 64;

/**
 * Placements: the same code printed in several places, each copy's address carrying `p` so analytics
 * tell the places apart. Any name works; the ones already scanned are listed with their scans.
 */
export function Placements({ code, canReadAnalytics }: { code: Code; canReadAnalytics: boolean }) {
  const [name, setName] = useState('');
  const [made, setMade] = useState<string[]>([]);
  const seen = usePlacements(code.id, canReadAnalytics);
  const image = usePlacementImage(code);
  const scans = new Map((seen.data ?? []).map((p) => [p.value, p.scans]));
  const names = [...new Set([...made, ...scans.keys()])];
  const trimmed = name.trim();
  return (
    <section class="card stack" aria-labelledby="placements-heading">
      <h2 id="placements-heading">Placements</h2>
      <p class="muted">
        Print a copy per place (a shop window, a flyer, a poster) with its own address; analytics then count each place apart. The
        destination is the same for all.
      </p>
      <InlineForm
        onSubmit={() => {
          if (trimmed && !made.includes(trimmed)) setMade([trimmed, ...made]);
          setName('');
        }}
      >
        <TextField
          label="Placement name"
          maxLength={PLACEMENT_MAX}
          value={name}
          onInput={setName}
          hint="For example shop-window or flyer-2026; up to 64 characters."
        />
        <Button type="submit" variant="secondary" disabled={!trimmed}>
          Make its address
        </Button>
      </InlineForm>
      {seen.isError ? <ErrorMessage error={seen.error} retry={() => void seen.refetch()} /> : null}
      {image.error ? <ErrorMessage error={image.error} /> : null}
      {image.isSuccess ? <Notice tone="success">Downloaded {image.data}.</Notice> : null}
      {names.length ? (
        <ul class="placements" aria-label="Placement addresses">
          {names.map((placement) => {
            const address = placementAddress(code.url ?? '', placement);
            return (
              <li key={placement}>
                <strong>{placement}</strong>
                <code>{address}</code>
                <span class="muted">{formatCount(scans.get(placement) ?? 0, 'scan', 'scans')} this year</span>
                <CopyButton value={address} label={`Copy the ${placement} address`} />
                <Button
                  variant="ghost"
                  busy={image.isPending && image.variables === placement}
                  onClick={() => image.mutate(placement)}
                >
                  PNG<span class="visually-hidden"> of the {placement} placement</span>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="muted">{seen.isPending && canReadAnalytics ? 'Loading placements…' : 'No placement yet.'}</p>
      )}
    </section>
  );
}
