import { Form } from '../../../components/ui/form';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { HandoverLink } from '../../../components/ui/handover-link';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { useInvite } from '../api/users';
import { ROLE_CHOICES, type AssignableRole } from './roles';

/** A role picked with what it allows written beside each choice. */
export function RolePicker({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: AssignableRole;
  onChange: (role: AssignableRole) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset class="field">
      <legend>{legend}</legend>
      <div class="role-choices">
        {ROLE_CHOICES.map((choice) => (
          <label key={choice.role} class="choice role-choice">
            <input type="radio" name={legend} checked={value === choice.role} onChange={() => onChange(choice.role)} />
            <span>
              <strong>{choice.label}</strong>
              <span class="muted role-can">{choice.can}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? <p class="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** Invites a person: they get a one-time link (valid 7 days) to choose their password. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const invite = useInvite();
  const errors = formErrors(invite.error, ['email', 'name', 'role']);
  return (
    <Form
      error={errors.form}
      onSubmit={() => {
        invite.mutate(
          { email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) },
          {
            onSuccess: () => {
              setEmail('');
              setName('');
            },
          },
        );
      }}
    >
      {invite.data?.invitationUrl ? (
        <HandoverLink url={invite.data.invitationUrl} name="invitation link">
          Invited {invite.data.email}. This server sends no mail: give them this link, valid 7 days, to choose their password.
        </HandoverLink>
      ) : invite.data ? (
        <Notice tone="success">Invited {invite.data.email}. They receive a link, valid 7 days, to choose their password.</Notice>
      ) : null}
      <div class="grid-2">
        <TextField
          label="E-mail address"
          type="email"
          required
          maxLength={254}
          value={email}
          onInput={setEmail}
          error={errors.field.email}
        />
        <TextField label="Name (optional)" maxLength={200} value={name} onInput={setName} error={errors.field.name} />
      </div>
      <RolePicker legend="Role" value={role} onChange={setRole} error={errors.field.role} />
      <div class="actions">
        <Button type="submit" busy={invite.isPending}>
          Send invitation
        </Button>
      </div>
    </Form>
  );
}
