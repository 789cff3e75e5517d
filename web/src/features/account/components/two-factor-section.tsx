import './account.css';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { QueryView } from '../../../components/ui/query-view';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { useRemoveTotp, useRenewRecoveryCodes, useStartTotp, useTwoFactor } from '../api/two-factor';
import { besideFields } from './field-errors';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

/** An action on two-factor sign-in that asks for the password first (turning it off, new recovery codes). */
function WithPassword({
  label,
  variant,
  busy,
  error,
  onSubmit,
}: {
  label: string;
  variant: 'secondary' | 'danger';
  busy: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const errors = besideFields(error, [['password', /password/i]]);
  if (!open)
    return (
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  return (
    <Form error={errors.form} onSubmit={() => onSubmit(password)}>
      <TextField
        label={`Your password, to confirm: ${label.toLowerCase()}`}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onInput={setPassword}
        error={errors.field.password}
      />
      <div class="actions actions-start">
        <Button type="submit" variant={variant} busy={busy}>
          {label}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** Two-factor sign-in with an authenticator app: set up, recovery codes renewed, or turned off. */
export function TwoFactorSection({ mustEnrol }: { mustEnrol: boolean }) {
  const status = useTwoFactor();
  const start = useStartTotp();
  const remove = useRemoveTotp();
  const renew = useRenewRecoveryCodes();
  const [enrolling, setEnrolling] = useState(false);
  return (
    <Section id="two-factor" title="Two-factor sign-in" card>
      <QueryView query={status} loading="Loading…">
        {(state) =>
          enrolling && start.data ? (
            <TotpEnrolment
              secret={start.data.secret}
              uri={start.data.uri}
              onDone={() => {
                setEnrolling(false);
                start.reset();
                void status.refetch();
              }}
            />
          ) : renew.data ? (
            <RecoveryCodes codes={renew.data.recoveryCodes} onDone={() => renew.reset()} />
          ) : state.totp ? (
            <div class="stack">
              <Notice tone="success">
                On: after your password, qrelay asks for a code from your authenticator app. {state.recoveryCodesLeft} of 10
                recovery codes left.
              </Notice>
              <div class="actions actions-start">
                <WithPassword
                  label="New recovery codes"
                  variant="secondary"
                  busy={renew.isPending}
                  error={renew.error}
                  onSubmit={(password) => renew.mutate({ password })}
                />
                {state.required ? null : (
                  <WithPassword
                    label="Turn off two-factor sign-in"
                    variant="danger"
                    busy={remove.isPending}
                    error={remove.error}
                    onSubmit={(password) => remove.mutate({ password })}
                  />
                )}
              </div>
              {state.required ? <p class="muted">Your account requires two-factor sign-in, so it stays on.</p> : null}
            </div>
          ) : (
            <div class="stack">
              {state.required ? (
                <Notice tone="error">Your account requires two-factor sign-in. Set it up to go on using qrelay.</Notice>
              ) : (
                <p class="muted">
                  With two-factor sign-in, a stolen password is not enough: qrelay also asks for a code from an app on your phone.
                </p>
              )}
              {start.error instanceof Error ? <Notice tone="error">{start.error.message}</Notice> : null}
              <div class="actions actions-start">
                <Button busy={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: () => setEnrolling(true) })}>
                  Set up an authenticator app
                </Button>
              </div>
            </div>
          )
        }
      </QueryView>
    </Section>
  );
}
