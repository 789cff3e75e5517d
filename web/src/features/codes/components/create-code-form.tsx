import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { named, SelectField } from '../../../components/ui/select-field';
import { Notice } from '../../../components/ui/states';
import { ENDING_PATTERN } from '../../../lib/ending-pattern';
import { formErrors } from '../../../lib/form-errors';
import { CODE_LABELS, CodeNameField, DestinationField } from './code-fields';
import { useCreateCode } from '../api/create-code';
import type { Code } from '../api/get-codes';
import { useFolders } from '../api/get-folders';
import { useTemplateChoices } from '../api/get-templates';

/** A new code: a name, where it leads, dynamic (changeable later) or static, and optionally its own ending, folder and design. */
export function CreateCodeForm({ onCreated }: { onCreated: (code: Code) => void }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [mode, setMode] = useState<'dynamic' | 'static'>('dynamic');
  const [shortCode, setShortCode] = useState('');
  const [folderId, setFolderId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const create = useCreateCode();
  const folders = useFolders();
  const templates = useTemplateChoices();
  const errors = formErrors(create.error, CODE_LABELS);
  return (
    <form
      class="form card"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          {
            name,
            url,
            mode,
            ...(mode === 'dynamic' && shortCode.trim() ? { shortCode: shortCode.trim() } : {}),
            ...(folderId ? { folderId } : {}),
            ...(templateId ? { templateId } : {}),
          },
          { onSuccess: onCreated },
        );
      }}
    >
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <CodeNameField
        value={name}
        onInput={setName}
        error={errors.field.name}
        hint="For you and your team; never shown to people who scan."
      />
      <DestinationField
        value={url}
        onInput={setUrl}
        error={errors.field.url}
        hint="Where a scan leads: an http or https address."
      />
      <fieldset class="field">
        <legend>Kind</legend>
        <label class="choice">
          <input type="radio" name="mode" value="dynamic" checked={mode === 'dynamic'} onChange={() => setMode('dynamic')} />
          <span>
            <strong>Dynamic</strong> — encodes a short address; you can change the destination, pause it and count scans.
          </span>
        </label>
        <label class="choice">
          <input type="radio" name="mode" value="static" checked={mode === 'static'} onChange={() => setMode('static')} />
          <span>
            <strong>Static</strong> — encodes the destination itself; it can never change and scans are not counted.
          </span>
        </label>
        {errors.field.mode ? <p class="field-error">{errors.field.mode}</p> : null}
      </fieldset>
      {mode === 'dynamic' ? (
        <Field
          label="Ending (optional)"
          error={errors.field.shortCode}
          hint="3 to 64 letters, digits, - or _. Left empty, one is made up."
        >
          {(a11y) => (
            <input
              {...a11y}
              value={shortCode}
              maxLength={64}
              pattern={ENDING_PATTERN}
              onInput={(e) => setShortCode(e.currentTarget.value)}
            />
          )}
        </Field>
      ) : null}
      <div class="grid-2">
        {[
          { label: 'Folder (optional)', none: 'No folder', value: folderId, set: setFolderId, list: folders, field: 'folderId' },
          {
            label: 'Design (optional)',
            none: 'Plain black on white',
            value: templateId,
            set: setTemplateId,
            list: templates,
            field: 'templateId',
          },
        ].map((choice) => (
          <SelectField
            key={choice.field}
            label={choice.label}
            none={choice.none}
            value={choice.value}
            options={named(choice.list.data)}
            onChange={choice.set}
            error={errors.field[choice.field]}
            hint={choice.list.isError ? choice.list.error.message : undefined}
          />
        ))}
      </div>
      <div class="actions">
        <Button type="submit" busy={create.isPending}>
          Create code
        </Button>
      </div>
    </form>
  );
}
