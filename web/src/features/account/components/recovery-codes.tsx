import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Notice } from '../../../components/ui/states';

/** Ten single-use recovery codes, shown this once, to keep where the phone is not. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div class="stack">
      <Notice tone="success">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe, apart from your phone: each one signs you in once if
        the app is lost. They are shown this once.
      </Notice>
      <ul class="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div class="actions actions-start">
        <CopyButton value={codes.join('\n')} label="Copy the recovery codes" />
        <Button variant="secondary" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
