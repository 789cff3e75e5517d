import { useEffect, useState } from 'preact/hooks';
import { Field } from '../../../components/ui/field';
import { IntegerField } from '../../../components/ui/integer-field';
import { SelectField } from '../../../components/ui/select-field';
import type { Design } from '../api/types';

type Change = (patch: Partial<Design>) => void;

const MODULE_STYLES: Array<[Design['moduleStyle'], string]> = [
  ['square', 'Squares'],
  ['rounded', 'Rounded'],
  ['dots', 'Dots'],
  ['classy', 'Classy'],
];
const CORNER_STYLES: Array<[Design['cornerStyle'], string]> = [
  ['square', 'Square'],
  ['rounded', 'Rounded'],
  ['dot', 'Rounded with a dot'],
];
const LEVELS: Array<[Design['errorCorrection'], string]> = [
  ['L', 'L: restores 7 % (smallest symbol)'],
  ['M', 'M: restores 15 %'],
  ['Q', 'Q: restores 25 %'],
  ['H', 'H: restores 30 % (for logos)'],
];
type Gradient = NonNullable<Design['gradient']>;
const DIRECTIONS: Array<[Gradient['direction'], string]> = [
  ['diagonal', 'Diagonal'],
  ['horizontal', 'Left to right'],
  ['vertical', 'Top to bottom'],
  ['radial', 'From the centre'],
];
const FRAMES = [
  ['', 'No frame'],
  ['box', 'Box with text below'],
  ['banner-top', 'Banner on top'],
  ['banner-bottom', 'Banner below'],
] as const;

function Colour({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label}>
      {(a11y) => (
        <input
          {...a11y}
          type="color"
          class="colour"
          value={value.toLowerCase()}
          onInput={(e) => onChange(e.currentTarget.value.toUpperCase())}
        />
      )}
    </Field>
  );
}

/** Every option of the design document, each applied to the preview as it changes. */
export function DesignOptions({
  design,
  onChange,
  logoPicker,
}: {
  design: Design;
  onChange: Change;
  logoPicker?: preact.ComponentChildren;
}) {
  return (
    <div class="design-options">
      <fieldset class="option-group">
        <legend>Colours</legend>
        <div class="option-row">
          <Colour label="Modules" value={design.foreground} onChange={(foreground) => onChange({ foreground })} />
          <Colour label="Background" value={design.background} onChange={(background) => onChange({ background })} />
          {design.cornerColour ? (
            <Colour label="Corners" value={design.cornerColour} onChange={(cornerColour) => onChange({ cornerColour })} />
          ) : null}
        </div>
        <label class="choice">
          <input
            type="checkbox"
            checked={Boolean(design.cornerColour)}
            onChange={(e) => onChange({ cornerColour: e.currentTarget.checked ? design.foreground : undefined })}
          />
          <span>Corners in a colour of their own</span>
        </label>
        <GradientOptions design={design} onChange={onChange} />
      </fieldset>
      <fieldset class="option-group">
        <legend>Shapes</legend>
        <div class="option-row">
          <SelectField
            label="Module style"
            value={design.moduleStyle}
            options={MODULE_STYLES}
            onChange={(moduleStyle) => onChange({ moduleStyle })}
          />
          <SelectField
            label="Corner style"
            value={design.cornerStyle}
            options={CORNER_STYLES}
            onChange={(cornerStyle) => onChange({ cornerStyle })}
          />
        </div>
      </fieldset>
      <fieldset class="option-group">
        <legend>Error correction and margin</legend>
        <div class="option-row">
          <SelectField
            label="Error correction"
            value={design.errorCorrection}
            options={design.logo ? LEVELS.filter(([level]) => level === 'Q' || level === 'H') : LEVELS}
            onChange={(errorCorrection) => onChange({ errorCorrection })}
            hint={design.logo ? 'A logo needs Q or H.' : 'Higher levels survive damage but make denser symbols.'}
          />
          <IntegerField
            label="Margin (modules)"
            hint="4 is the standard quiet zone."
            min={0}
            max={16}
            value={design.quietZone}
            onChange={(quietZone) =>
              // The background's rounding stays within the margin.
              onChange({ quietZone, ...((design.backgroundRadius ?? 0) > quietZone && { backgroundRadius: quietZone }) })
            }
          />
        </div>
        {design.quietZone > 0 ? (
          <IntegerField
            slider
            label={`Rounded background corners: ${design.backgroundRadius ?? 0} modules`}
            hint="Up to the margin; outside the rounding, PNG and SVG images are transparent."
            min={0}
            max={design.quietZone}
            value={Math.round(design.backgroundRadius ?? 0)}
            onChange={(backgroundRadius) => onChange({ backgroundRadius })}
          />
        ) : null}
      </fieldset>
      <LogoOptions design={design} onChange={onChange} picker={logoPicker} />
      <FrameOptions design={design} onChange={onChange} />
    </div>
  );
}

function GradientOptions({ design, onChange }: { design: Design; onChange: Change }) {
  const gradient = design.gradient;
  return (
    <>
      <label class="choice">
        <input
          type="checkbox"
          checked={Boolean(gradient)}
          onChange={(e) =>
            onChange({ gradient: e.currentTarget.checked ? { colour: design.foreground, direction: 'diagonal' } : null })
          }
        />
        <span>Fade the modules into a second colour</span>
      </label>
      {gradient ? (
        <div class="option-row">
          <Colour
            label="Fade to"
            value={gradient.colour}
            onChange={(colour) => onChange({ gradient: { ...gradient, colour } })}
          />
          <SelectField
            label="Direction"
            value={gradient.direction}
            options={DIRECTIONS}
            onChange={(direction) => onChange({ gradient: { ...gradient, direction } })}
          />
        </div>
      ) : null}
    </>
  );
}

function LogoOptions({ design, onChange, picker }: { design: Design; onChange: Change; picker?: preact.ComponentChildren }) {
  const [url, setUrl] = useState(design.logo?.url ?? '');
  const valid = /^https?:\/\/\S+$/.test(url);
  // A template applied or a logo picked replaces what the field shows.
  useEffect(() => {
    if ((design.logo?.url ?? '') !== url && (design.logo || valid)) setUrl(design.logo?.url ?? '');
  }, [design.logo?.url]);
  const setLogo = (next: string) => {
    setUrl(next);
    if (!/^https?:\/\/\S+$/.test(next)) {
      if (next === '' && design.logo) onChange({ logo: null });
      return;
    }
    const raised = design.errorCorrection === 'L' || design.errorCorrection === 'M' ? { errorCorrection: 'Q' as const } : {};
    onChange({ logo: { url: next, size: design.logo?.size ?? 0.2 }, ...raised });
  };
  return (
    <fieldset class="option-group">
      <legend>Logo</legend>
      {picker}
      <Field
        label="Logo address"
        error={url && !valid ? 'Enter an address starting with http:// or https://, or leave it empty.' : null}
        hint="Shown in the middle of the symbol. Adding one raises error correction to Q."
      >
        {(a11y) => (
          <input {...a11y} type="url" maxLength={2048} value={url} onInput={(e) => setLogo(e.currentTarget.value.trim())} />
        )}
      </Field>
      {design.logo ? (
        <IntegerField
          slider
          label={`Logo size: ${Math.round(design.logo.size * 100)} % of the width`}
          min={5}
          max={30}
          value={Math.round(design.logo.size * 100)}
          onChange={(percent) => onChange({ logo: { url: design.logo!.url, size: percent / 100 } })}
        />
      ) : null}
    </fieldset>
  );
}

function FrameOptions({ design, onChange }: { design: Design; onChange: Change }) {
  const frame = design.frame;
  return (
    <fieldset class="option-group">
      <legend>Frame</legend>
      <div class="option-row">
        <SelectField
          label="Frame"
          value={frame?.style ?? ''}
          options={FRAMES}
          onChange={(style) =>
            onChange({
              frame: style === '' ? null : { style, text: frame?.text ?? 'Scan me', colour: frame?.colour ?? design.foreground },
            })
          }
        />
        {frame ? (
          <Colour label="Frame colour" value={frame.colour} onChange={(colour) => onChange({ frame: { ...frame, colour } })} />
        ) : null}
      </div>
      {frame ? (
        <Field label="Frame text" hint="Up to 40 characters.">
          {(a11y) => (
            <input
              {...a11y}
              maxLength={40}
              value={frame.text}
              onInput={(e) => onChange({ frame: { ...frame, text: e.currentTarget.value } })}
            />
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}
