import { renderSvg } from '@symbols/symbol.svg';
import { useMemo } from 'preact/hooks';
import type { Template } from '../api/templates';

/** A sample address, so every template is seen on the same symbol. */
const SAMPLE = 'https://qrelay.example/sample';

/** A small picture of the template: the sample address drawn with its design by the shared renderer. */
export function TemplateThumb({ template }: { template: Template }) {
  const svg = useMemo(() => {
    try {
      return renderSvg(SAMPLE, template.design);
    } catch {
      return '';
    }
  }, [template.design]);
  if (!svg) return null;
  return (
    <div
      class="template-thumb"
      role="img"
      aria-label={`Preview of the template ${template.name}`}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
