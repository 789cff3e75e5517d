import { renderSvg } from '@symbols/symbol.svg';
import { useMemo } from 'preact/hooks';
import type { Design } from '../api/types';

/**
 * The symbol drawn in the browser by the service's own renderer (modules/symbols), so the preview is
 * exactly what the SVG export gives, redrawn on every change.
 */
export function SymbolPreview({ value, design, label }: { value: string; design: Design; label: string }) {
  const drawn = useMemo(() => {
    try {
      return { svg: renderSvg(value, design), error: null };
    } catch {
      return { svg: '', error: `The address is too long for error correction ${design.errorCorrection}; choose a lower level.` };
    }
  }, [value, design]);
  if (drawn.error) return <p class="alert alert-error">{drawn.error}</p>;
  return (
    <div
      class="symbol-preview"
      role="img"
      aria-label={label}
      style={design.backgroundRadius ? undefined : { background: design.background }}
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  );
}
