import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime } from '../../../lib/format';
import { HandoverLink } from '../../../components/ui/handover-link';
import { Notice } from '../../../components/ui/states';
import { useChangePerson, useMemberLink, useTeam, type Person } from '../api/users';
import { ROLE_CHOICES, type AssignableRole } from './roles';

function PersonRow({ person, canManage, self }: { person: Person; canManage: boolean; self: boolean }) {
  const change = useChangePerson();
  const link = useMemberLink();
  const [suspending, setSuspending] = useState(false);
  const label = person.name ?? person.email;
  const editable = canManage && person.role !== 'owner' && !self;
  // Beside the role picker, what the chosen role may do (docs/roles.md).
  const choice = ROLE_CHOICES.find((c) => c.role === person.role);
  const canId = `can-${person.id}`;
  return (
    <li class="list-item">
      <div class="list-main">
        <span class="list-title">
          {label}
          {self ? <span class="muted"> (you)</span> : null}
        </span>
        <span class="list-sub">
          {person.name ? `${person.email} · ` : ''}
          {person.lastSignInAt ? `last signed in ${formatDateTime(person.lastSignInAt)}` : 'has not signed in yet'}
        </span>
        {editable && choice ? (
          <span class="list-sub" id={canId}>
            {choice.label}: {choice.can[0]!.toLowerCase() + choice.can.slice(1)}
          </span>
        ) : null}
        {change.error instanceof Error ? <p class="field-error">{change.error.message}</p> : null}
        {link.error instanceof Error ? <p class="field-error">{link.error.message}</p> : null}
        {link.data?.url ? (
          <HandoverLink url={link.data.url} name={`link for ${label}`}>
            {link.data.purpose === 'invitation'
              ? `A new invitation for ${label}, valid 7 days.`
              : `A password reset link for ${label}, valid 1 hour.`}
          </HandoverLink>
        ) : link.data ? (
          <Notice tone="success">
            {link.data.purpose === 'invitation' ? 'A new invitation' : 'A password reset link'} is on its way to {person.email}.
          </Notice>
        ) : null}
      </div>
      <div class="list-meta">
        <span class={`badge badge-${person.status}`}>{person.status === 'active' ? 'Active' : 'Suspended'}</span>
        {editable ? (
          <Field label={`Role of ${label}`}>
            {(a11y) => (
              <select
                {...a11y}
                aria-describedby={canId}
                class="select-small"
                value={person.role}
                disabled={change.isPending}
                onChange={(e) => change.mutate({ id: person.id, role: e.currentTarget.value as AssignableRole })}
              >
                {ROLE_CHOICES.map((c) => (
                  <option key={c.role} value={c.role}>
                    {c.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <span class="role-fixed">
            {person.role === 'owner' ? 'Owner' : (ROLE_CHOICES.find((c) => c.role === person.role)?.label ?? person.role)}
            {person.role === 'owner' ? <span class="muted"> · cannot be changed</span> : null}
          </span>
        )}
        {editable && person.status === 'active' ? (
          <Button variant="ghost" busy={link.isPending} onClick={() => link.mutate(person.id)}>
            {person.lastSignInAt ? 'Reset password' : 'New invitation link'}
            <span class="visually-hidden"> for {label}</span>
          </Button>
        ) : null}
        {editable && person.status === 'active' ? (
          <Button variant="ghost" onClick={() => setSuspending(true)}>
            Suspend<span class="visually-hidden"> {label}</span>
          </Button>
        ) : null}
        {editable && person.status === 'suspended' ? (
          <Button variant="ghost" busy={change.isPending} onClick={() => change.mutate({ id: person.id, status: 'active' })}>
            Reactivate<span class="visually-hidden"> {label}</span>
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={suspending}
        title={`Suspend ${label}?`}
        confirmLabel="Suspend"
        busy={change.isPending}
        onClose={() => setSuspending(false)}
        onConfirm={() => change.mutate({ id: person.id, status: 'suspended' }, { onSuccess: () => setSuspending(false) })}
      >
        <p>
          They are signed out at once, their API tokens and password links stop working, and they cannot sign in until
          reactivated. What they made stays.
        </p>
      </ConfirmDialog>
    </li>
  );
}

/** The people on the account, oldest first (the owner leads). */
export function TeamList({ canManage, selfId }: { canManage: boolean; selfId: string }) {
  const team = useTeam();
  return (
    <QueryView query={team} loading="Loading the team…">
      {(people) => (
        <ul class="list">
          {people.map((person) => (
            <PersonRow key={person.id} person={person} canManage={canManage} self={person.id === selfId} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}
