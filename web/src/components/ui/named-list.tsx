import { Form } from './form';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { formErrors } from '../../lib/form-errors';
import { Button } from './button';
import { ConfirmDialog } from './dialog';
import { TextField } from './field';
import { Notice } from './states';

interface Change {
  isPending: boolean;
  error: unknown;
}

/** A name typed in and submitted: creating or renaming something that has only a name to ask for. */
export function NameForm({
  label,
  submit,
  initial = '',
  change,
  onSave,
  onCancel,
}: {
  label: string;
  submit: string;
  initial?: string;
  change: Change;
  onSave: (name: string, done: () => void) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const errors = formErrors(change.error, { name: 'Name' });
  return (
    <Form
      inline
      error={errors.form}
      onSubmit={() => {
        onSave(name.trim(), () => setName(initial));
      }}
    >
      <TextField label={label} required maxLength={200} value={name} onInput={setName} error={errors.field.name} />
      <div class="actions actions-start">
        <Button type="submit" busy={change.isPending}>
          {submit}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * One named thing in a list: its name and details, and (for who may change it) rename in place and a
 * delete that asks first, saying what happens.
 */
export function NamedItem({
  name,
  details,
  canWrite,
  rename,
  remove,
  removeWarning,
  children,
}: {
  name: string;
  details?: ComponentChildren;
  canWrite: boolean;
  rename: Change & { run: (name: string, done: () => void) => void };
  remove: Change & { run: (done: () => void) => void };
  removeWarning: ComponentChildren;
  children?: ComponentChildren;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <li class="list-item">
      <div class="list-main">
        {editing ? (
          <NameForm
            label={`New name for ${name}`}
            submit="Save"
            initial={name}
            change={rename}
            onSave={(value) => rename.run(value, () => setEditing(false))}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <span class="list-title">{name}</span>
        )}
        {details ? <span class="list-sub">{details}</span> : null}
      </div>
      <div class="list-meta">
        {children}
        {canWrite && !editing ? (
          <>
            <Button variant="ghost" onClick={() => setEditing(true)}>
              Rename<span class="visually-hidden"> {name}</span>
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Delete<span class="visually-hidden"> {name}</span>
            </Button>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete "${name}"?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.run(() => setConfirming(false))}
      >
        {removeWarning}
        {remove.error instanceof Error ? <Notice tone="error">{remove.error.message}</Notice> : null}
      </ConfirmDialog>
    </li>
  );
}
