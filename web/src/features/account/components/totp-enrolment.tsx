import { renderSvg } from '@symbols/symbol.svg';
import { useMemo, useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useConfirmTotp } from '../api/two-factor';
import { besideFields } from './field-errors';
import { RecoveryCodes } from './recovery-codes';

/** A plain symbol an authenticator app's camera reads at once: dark on light, square modules. */
const QR_DESIGN = {
  foreground: '#000000',
  background: '#FFFFFF',
  moduleStyle: 'square',
  cornerStyle: 'square',
  logo: null,
  errorCorrection: 'M',
  quietZone: 4,
  frame: null,
} satisfies Parameters<typeof renderSvg>[1];

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Enrolling an authenticator app: the QR symbol of its otpauth:// address (drawn by the service's own
 * renderer), the secret to type instead, and a first code to confirm; then the recovery codes, once.
 */
export function TotpEnrolment({ secret, uri, onDone }: { secret: string; uri: string; onDone: () => void }) {
  const svg = useMemo(() => renderSvg(uri, QR_DESIGN), [uri]);
  const [code, setCode] = useState('');
  const confirm = useConfirmTotp();
  const errors = besideFields(confirm.error, [['code', /code/i]]);
  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onDone} />;
  return (
    <div class="stack">
      <ol class="steps">
        <li>Open your authenticator app (such as 1Password, Google Authenticator, Aegis or Microsoft Authenticator).</li>
        <li>Scan this symbol with it, or type the key below.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <div
        class="symbol-preview totp-symbol"
        role="img"
        aria-label="QR symbol to scan with your authenticator app"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p>
        Key: <code class="totp-key">{grouped(secret)}</code>
      </p>
      <Form error={errors.form} onSubmit={() => confirm.mutate({ code: code.trim() })}>
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          required
          value={code}
          onInput={setCode}
          error={errors.field.code}
        />
        <div class="actions actions-start">
          <Button type="submit" busy={confirm.isPending}>
            Turn on two-factor sign-in
          </Button>
        </div>
      </Form>
    </div>
  );
}
