import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { DEVICES, OSES, WEEKDAYS, type RuleDraft } from '../api/rules-form';

const LABELS: Record<string, string> = {
  mobile: 'Phone',
  tablet: 'Tablet',
  desktop: 'Computer',
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  other: 'Other',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

function Checks({
  legend,
  values,
  chosen,
  onChange,
}: {
  legend: string;
  values: readonly string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  return (
    <fieldset class="field">
      <legend>{legend}</legend>
      <div class="checks-inline">
        {values.map((value) => (
          <label key={value} class="choice">
            <input
              type="checkbox"
              checked={chosen.includes(value)}
              onChange={(e) => onChange(e.currentTarget.checked ? [...chosen, value] : chosen.filter((v) => v !== value))}
            />
            <span>{LABELS[value] ?? value}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One rule's conditions (all given must hold; any listed value matches) and where it sends. */
export function RuleFields({
  index,
  draft,
  onChange,
}: {
  index: number;
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
}) {
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  const n = index + 1;
  return (
    <>
      <div class="rule-grid">
        <Checks legend={`Rule ${n}: device`} values={DEVICES} chosen={draft.device} onChange={(device) => set({ device })} />
        <Checks legend={`Rule ${n}: system`} values={OSES} chosen={draft.os} onChange={(os) => set({ os })} />
      </div>
      <div class="rule-grid">
        <TextField
          label={`Rule ${n}: countries`}
          value={draft.country}
          onInput={(country) => set({ country })}
          hint="Two-letter codes, e.g. FR, BE."
        />
        <TextField
          label={`Rule ${n}: languages`}
          value={draft.language}
          onInput={(language) => set({ language })}
          hint="e.g. fr, en-GB."
        />
      </div>
      <div class="rule-grid">
        <TextField
          label={`Rule ${n}: time zone`}
          value={draft.timeZone}
          onInput={(timeZone) => set({ timeZone })}
          hint="e.g. Europe/Paris; UTC when empty."
        />
        <TextField label={`Rule ${n}: from`} type="time" value={draft.from} onInput={(from) => set({ from })} />
        <TextField label={`Rule ${n}: until`} type="time" value={draft.to} onInput={(to) => set({ to })} />
      </div>
      <Checks legend={`Rule ${n}: days`} values={WEEKDAYS} chosen={draft.days} onChange={(days) => set({ days })} />
      <label class="choice">
        <input type="checkbox" checked={draft.split} onChange={(e) => set({ split: e.currentTarget.checked })} />
        <span>Split the traffic between several destinations (A/B test)</span>
      </label>
      {draft.split ? (
        <div class="stack">
          {draft.variants.map((variant, i) => (
            <div class="rule-grid" key={i}>
              <TextField
                label={`Rule ${n}: destination ${i + 1}`}
                type="url"
                required
                value={variant.destination}
                onInput={(destination) => set({ variants: draft.variants.map((v, j) => (j === i ? { ...v, destination } : v)) })}
              />
              <TextField
                label={`Rule ${n}: weight ${i + 1}`}
                type="number"
                min={1}
                max={1000}
                required
                value={variant.weight}
                onInput={(weight) => set({ variants: draft.variants.map((v, j) => (j === i ? { ...v, weight } : v)) })}
              />
            </div>
          ))}
          <div class="actions actions-start">
            <Button
              variant="secondary"
              disabled={draft.variants.length >= 10}
              onClick={() => set({ variants: [...draft.variants, { destination: 'https://', weight: '50' }] })}
            >
              Add a destination
            </Button>
            <Button
              variant="ghost"
              disabled={draft.variants.length <= 2}
              onClick={() => set({ variants: draft.variants.slice(0, -1) })}
            >
              Remove the last one
            </Button>
          </div>
        </div>
      ) : (
        <TextField
          label={`Rule ${n}: send to`}
          type="url"
          required
          value={draft.destination}
          onInput={(destination) => set({ destination })}
        />
      )}
    </>
  );
}
