import { CheckGroup } from '../../../components/ui/check-group';
import { Field, TextField } from '../../../components/ui/field';
import { useActivePeople } from '../api/team';
import type { Form } from '../api/content';
import { ColourField, OptionalText } from './inputs';

/** How long replies are kept: empty keeps them until deleted. */
export function RetentionField({ value, onChange }: { value: number | null; onChange: (days: number | null) => void }) {
  return (
    <TextField
      label="Delete replies after (days)"
      hint="Empty keeps them until you delete them. Replies hold your visitors' own details: keep them no longer than you need."
      type="number"
      inputMode="numeric"
      min={1}
      max={3650}
      value={value === null ? '' : String(value)}
      onInput={(text) => {
        const days = Number(text);
        onChange(text.trim() === '' || !Number.isInteger(days) ? null : days);
      }}
    />
  );
}

/** What a visitor sees after sending a form: a message, or another address. */
export function FormSettings({ form, onChange }: { form: Form; onChange: (patch: Partial<Form>) => void }) {
  return (
    <>
      <Field label="Thank-you message" hint="Shown once a visitor has sent the form.">
        {(a11y) => (
          <textarea
            {...a11y}
            rows={2}
            maxLength={1000}
            value={form.thankYouMessage}
            onInput={(e) => onChange({ thankYouMessage: e.currentTarget.value })}
          />
        )}
      </Field>
      <OptionalText
        label="Or send visitors to (optional)"
        hint="An https:// address shown instead of the thank-you message."
        maxLength={2048}
        value={form.redirectUrl}
        onChange={(redirectUrl) => onChange({ redirectUrl })}
      />
      <ColourField value={form.colour} onChange={(colour) => onChange({ colour })} />
      <NotifyField value={form.notifyUserIds ?? []} onChange={(notifyUserIds) => onChange({ notifyUserIds })} />
      <ChallengeField value={form.challenge ?? false} onChange={(challenge) => onChange({ challenge })} />
    </>
  );
}

/** The proof-of-work check: keeps scripted spam out, at the price of needing JavaScript to send. */
function ChallengeField({ value, onChange }: { value: boolean; onChange: (on: boolean) => void }) {
  return (
    <CheckGroup
      legend="Spam check"
      hint="A small puzzle the browser solves by itself, with no third party and nothing to click through. With it on, the form can only be sent from a browser with JavaScript; the page says so to those without."
      options={[{ value: 'on', label: "Ask visitors' browsers to solve a spam check" }]}
      value={value ? ['on'] : []}
      onChange={(chosen) => onChange(chosen.includes('on'))}
    />
  );
}

/** The team members told by e-mail of each submission (a link to the inbox, never the answers). */
function NotifyField({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const people = useActivePeople();
  if (!people.data) return null;
  return (
    <CheckGroup
      legend="Tell by e-mail of each submission"
      hint="The mail links to the inbox; the answers themselves are never sent by e-mail."
      options={people.data.map((person) => ({
        value: person.id,
        label: person.name ? `${person.name} (${person.email})` : person.email,
      }))}
      value={value}
      onChange={onChange}
    />
  );
}
