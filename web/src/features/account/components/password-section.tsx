import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { useChangePassword } from '../api/own-credentials';
import { besideFields } from './field-errors';

/** Changing one's password with the current one; other sessions end, this one stays. */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangePassword();
  const errors = besideFields(change.error, [
    ['current', /current password/i],
    ['password', /^password /],
  ]);
  return (
    <Section id="password" title="Password" card>
      <Form
        error={errors.form}
        onSubmit={() =>
          change.mutate(
            { current, password },
            {
              onSuccess: () => {
                setCurrent('');
                setPassword('');
              },
            },
          )
        }
      >
        {change.isSuccess ? <Notice tone="success">Password changed. You were signed out everywhere else.</Notice> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onInput={setCurrent}
          error={errors.field.current}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          hint="At least 10 characters. A few unrelated words make a strong one."
          value={password}
          onInput={setPassword}
          error={errors.field.password}
        />
        <div class="actions actions-start">
          <Button type="submit" busy={change.isPending}>
            Change password
          </Button>
        </div>
      </Form>
    </Section>
  );
}
