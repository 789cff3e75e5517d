import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import type { Gs1Entry } from '../api/gs1';
import { gs1Errors } from '../api/link-errors';
import { emptyLink, linkInputs, LinkRows, type LinkDraft } from './link-rows';

const draftsOf = (entry: Gs1Entry): LinkDraft[] =>
  entry.links.map((l) => ({ linkType: l.linkType, href: l.href, lang: l.lang ?? '', type: l.type ?? '', title: l.title }));

/**
 * A GS1 key's form: the key (when registering; it never changes afterwards) and its links. What was
 * typed stays after a refusal, with the API's message beside the field it names.
 */
export function Gs1Form({
  entry,
  busy,
  error,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  entry?: Gs1Entry;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (input: { key: string; links: ReturnType<typeof linkInputs> }) => void;
  onCancel?: () => void;
}) {
  const [key, setKey] = useState('');
  const [links, setLinks] = useState<LinkDraft[]>(entry ? draftsOf(entry) : [emptyLink()]);
  const [defaultAt, setDefaultAt] = useState(
    entry
      ? Math.max(
          0,
          entry.links.findIndex((l) => l.default),
        )
      : 0,
  );
  const errors = gs1Errors(error, !entry);
  return (
    <Form error={errors.form} onSubmit={() => onSubmit({ key: key.trim(), links: linkInputs(links, defaultAt) })}>
      {entry ? null : (
        <TextField
          label="GS1 key"
          value={key}
          required
          maxLength={200}
          onInput={setKey}
          error={errors.key}
          placeholder="01/09506000134352"
          hint="As a Digital Link path: 01/ then the GTIN (8, 12, 13 or 14 digits), optionally /22/ variant, /10/ batch, /21/ serial. Also 00/ SSCC, 414/ GLN and the other primary keys."
        />
      )}
      <LinkRows links={links} defaultAt={defaultAt} errors={errors.links} onChange={setLinks} onDefault={setDefaultAt} />
      <div class="actions actions-start">
        <Button variant="secondary" onClick={() => setLinks([...links, emptyLink('gs1:certificationInfo')])}>
          Add a link
        </Button>
      </div>
      <div class="actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
