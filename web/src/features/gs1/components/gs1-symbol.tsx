import { renderSvg } from '@symbols/symbol.svg';
import { useMemo } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { saveDownload } from '../../../lib/download';
import { useExportGs1Png, GS1_DESIGN } from '../api/export-symbol';

/**
 * The key's GS1 Digital Link URI as a QR symbol, drawn in the browser by the service's own renderer
 * (modules/symbols, as the designer does), with SVG and PNG exports of the same symbol.
 */
export function Gs1Symbol({ uri, name }: { uri: string; name: string }) {
  const svg = useMemo(() => renderSvg(uri, GS1_DESIGN), [uri]);
  const png = useExportGs1Png();
  const file = `gs1-${name.replace(/[^0-9A-Za-z]+/g, '-')}`;
  return (
    <div class="stack">
      <div
        class="symbol-preview gs1-symbol"
        role="img"
        aria-label={`QR symbol of ${uri}`}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div class="actions actions-start">
        <Button variant="secondary" onClick={() => saveDownload(new Blob([svg], { type: 'image/svg+xml' }), `${file}.svg`)}>
          Export SVG
        </Button>
        <Button variant="secondary" busy={png.isPending} onClick={() => png.mutate({ uri, name: `${file}.png` })}>
          Export PNG
        </Button>
      </div>
      {png.isError ? <p class="field-error">{png.error.message}</p> : null}
    </div>
  );
}
