import { TextField } from '../../../components/ui/field';
import type { Card } from '../api/content';
import { ImagePicker, SocialField } from './block-fields';
import { ColourField, LinesField, OptionalText, splitPair } from './inputs';

type Labelled = Card['phones'][number];
type Address = NonNullable<Card['address']>;
const ADDRESS: ReadonlyArray<readonly [keyof Address, string]> = [
  ['street', 'Street'],
  ['locality', 'Town or city'],
  ['region', 'Region'],
  ['postalCode', 'Postal code'],
  ['country', 'Country'],
];

const labelled = (line: string): Labelled => {
  const [label, value] = splitPair(line);
  return { label: label || null, value };
};
const formatLabelled = (entry: Labelled) => (entry.label ? `${entry.label} | ${entry.value}` : entry.value);

/** Everything a business card shows, typed by its owner. */
export function CardFields({ card, onChange }: { card: Card; onChange: (patch: Partial<Card>) => void }) {
  const address = card.address ?? {};
  return (
    <>
      <div class="grid-2">
        <TextField label="Full name" maxLength={100} value={card.fullName} onInput={(fullName) => onChange({ fullName })} />
        <OptionalText label="Job title" value={card.title} onChange={(title) => onChange({ title })} />
        <OptionalText label="Organisation" value={card.organisation} onChange={(organisation) => onChange({ organisation })} />
        <ImagePicker label="Photo" value={card.photoMediaId} onChange={(photoMediaId) => onChange({ photoMediaId })} />
      </div>
      <div class="grid-2">
        <LinesField
          label="Phones"
          hint="One a line, a label first if you like: mobile | +44 20 7946 0000"
          value={card.phones}
          format={formatLabelled}
          parse={labelled}
          onChange={(phones) => onChange({ phones })}
        />
        <LinesField
          label="E-mails"
          hint="One a line: work | ada@example.com"
          value={card.emails}
          format={formatLabelled}
          parse={labelled}
          onChange={(emails) => onChange({ emails })}
        />
      </div>
      <OptionalText
        label="Website"
        hint="An https:// address."
        maxLength={2048}
        value={card.website}
        onChange={(website) => onChange({ website })}
      />
      <fieldset class="editor-list">
        <legend>Address</legend>
        <div class="grid-2">
          {ADDRESS.map(([key, label]) => (
            <OptionalText
              key={key}
              label={label}
              value={address[key]}
              onChange={(value) => {
                const next = { ...address, [key]: value };
                onChange({ address: Object.values(next).some(Boolean) ? next : null });
              }}
            />
          ))}
        </div>
      </fieldset>
      <SocialField label="Social links" value={card.social} onChange={(social) => onChange({ social })} />
      <OptionalText label="Note" maxLength={1000} value={card.note} onChange={(note) => onChange({ note })} />
      <label class="choice">
        <input type="checkbox" checked={card.enquiries} onChange={(e) => onChange({ enquiries: e.currentTarget.checked })} />
        Offer an enquiry form on the card
      </label>
      <ColourField value={card.colour} onChange={(colour) => onChange({ colour })} />
    </>
  );
}
