import { useId } from 'preact/hooks';
import { Field, TextField, UrlField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useImages } from '../api/media';
import { LinesField, OptionalText, splitPair } from './inputs';
import type { Block } from './page-blocks-editor';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Day = (typeof DAYS)[number];
type Social = Extract<Block, { type: 'social' }>['links'][number];
type Slot = Extract<Block, { type: 'hours' }>['slots'][number];

/** An image of the account's media library, by its id. */
export function ImagePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const images = useImages();
  const options = (images.data ?? []).map((file) => [file.id, file.name] as const);
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      none={images.isPending ? 'Loading the media library…' : 'No image'}
      options={options}
      onChange={(id) => onChange(id || null)}
      hint={
        images.data?.length === 0 ? (
          <>
            The media library has no image yet: upload one on the <a href="/app/media">Media</a> page.
          </>
        ) : undefined
      }
    />
  );
}

/** One opening slot per day at most here: empty times mean closed. */
function HoursFields({ slots, n, onChange }: { slots: Slot[]; n: number; onChange: (slots: Slot[]) => void }) {
  const set = (day: Day, patch: Partial<Slot>) => {
    const current = slots.find((s) => s.day === day) ?? { day, opens: '', closes: '' };
    const next = { ...current, ...patch };
    const rest = slots.filter((s) => s.day !== day);
    onChange(next.opens || next.closes ? [...rest, next].sort((a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day)) : rest);
  };
  return (
    <div class="hours-grid">
      {/* Column headings for the eye; each input carries its whole name (day and block) for assistive technology. */}
      <div class="hours-row hours-head" aria-hidden="true">
        <span class="hours-day">Day</span>
        <span>Opens</span>
        <span>Closes</span>
      </div>
      {DAYS.map((day) => {
        const slot = slots.find((s) => s.day === day);
        return (
          <div key={day} class="hours-row">
            <span class="hours-day">{day[0]!.toUpperCase() + day.slice(1)}</span>
            <TimeInput label={`Opens ${day} (block ${n})`} value={slot?.opens ?? ''} onInput={(opens) => set(day, { opens })} />
            <TimeInput
              label={`Closes ${day} (block ${n})`}
              value={slot?.closes ?? ''}
              onInput={(closes) => set(day, { closes })}
            />
          </div>
        );
      })}
    </div>
  );
}

/** A time of day in the hours grid, named in full for assistive technology under its column's heading. */
function TimeInput({ label, value, onInput }: { label: string; value: string; onInput: (value: string) => void }) {
  const id = useId();
  return (
    <span class="hours-time">
      <label class="visually-hidden" for={id}>
        {label}
      </label>
      <input id={id} type="time" value={value} onInput={(e) => onInput(e.currentTarget.value)} />
    </span>
  );
}

/** The inputs of one block, by its type. `n` numbers the labels so each is unique on the page. */
export function BlockFields({ block, n, onChange }: { block: Block; n: number; onChange: (block: Block) => void }) {
  switch (block.type) {
    case 'heading':
      return (
        <div class="grid-2">
          <TextField
            label={`Heading text (block ${n})`}
            maxLength={100}
            value={block.text}
            onInput={(text) => onChange({ ...block, text })}
          />
          <SelectField
            label={`Heading size (block ${n})`}
            value={String(block.level ?? 2) as '1' | '2' | '3'}
            options={[
              ['1', 'Largest'],
              ['2', 'Large'],
              ['3', 'Small'],
            ]}
            onChange={(level) => onChange({ ...block, level: Number(level) as 1 | 2 | 3 })}
          />
        </div>
      );
    case 'text':
      return (
        <Field label={`Text (block ${n})`} hint="A blank line starts a new paragraph.">
          {(a11y) => (
            <textarea
              {...a11y}
              rows={4}
              maxLength={5000}
              value={block.text}
              onInput={(e) => onChange({ ...block, text: e.currentTarget.value })}
            />
          )}
        </Field>
      );
    case 'image':
      return (
        <div class="grid-2">
          <ImagePicker
            label={`Image (block ${n})`}
            value={block.mediaId || null}
            onChange={(id) => onChange({ ...block, mediaId: id ?? '' })}
          />
          <TextField
            label={`Description for screen readers (block ${n})`}
            maxLength={100}
            value={block.alt}
            onInput={(alt) => onChange({ ...block, alt })}
            hint="Empty when the image is decoration."
          />
        </div>
      );
    case 'button':
      return (
        <div class="grid-2">
          <TextField
            label={`Button text (block ${n})`}
            maxLength={100}
            value={block.label}
            onInput={(label) => onChange({ ...block, label })}
          />
          <UrlField label={`Button address (block ${n})`} value={block.url} onInput={(url) => onChange({ ...block, url })} />
        </div>
      );
    case 'links':
      return (
        <LinesField
          label={`Links (block ${n})`}
          hint="One a line: text | https://address"
          value={block.links}
          format={(link) => `${link.label} | ${link.url}`}
          parse={(line) => {
            const [label, url] = splitPair(line);
            return { label: label || url, url };
          }}
          onChange={(links) => onChange({ ...block, links })}
        />
      );
    case 'video':
      return (
        <div class="grid-2">
          <UrlField
            label={`Video address (block ${n})`}
            value={block.url}
            onInput={(url) => onChange({ ...block, url })}
            hint="YouTube and Vimeo are embedded; other addresses become a link."
          />
          <OptionalText
            label={`Video title (block ${n})`}
            value={block.title}
            onChange={(title) => onChange({ ...block, ...(title ? { title } : { title: undefined }) })}
          />
        </div>
      );
    case 'hours':
      return (
        <>
          <OptionalText
            label={`Title of the hours (block ${n})`}
            value={block.title}
            onChange={(title) => onChange({ ...block, ...(title ? { title } : { title: undefined }) })}
          />
          <HoursFields slots={block.slots} n={n} onChange={(slots) => onChange({ ...block, slots })} />
        </>
      );
    case 'social':
      return (
        <SocialField
          label={`Social links (block ${n})`}
          value={block.links}
          onChange={(links) => onChange({ ...block, links })}
        />
      );
  }
}

/** Social links typed one a line: network | address. */
export const SocialField = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Social[];
  onChange: (links: Social[]) => void;
}) => (
  <LinesField
    label={label}
    hint="One a line: network | https://address, for example instagram | https://instagram.com/cafe.rosa"
    value={value}
    format={(link) => `${link.network} | ${link.url}`}
    parse={(line) => {
      const [network, url] = splitPair(line);
      return { network: network.toLowerCase() as Social['network'], url };
    }}
    onChange={onChange}
  />
);
