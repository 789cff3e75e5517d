import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { useRequireTwoFactor } from '../api/two-factor';

/** The owner's rule for the whole account: everybody signs in with two factors. */
export function RequireTwoFactor({ required }: { required: boolean }) {
  const change = useRequireTwoFactor();
  return (
    <Section id="account-two-factor" title="Two-factor sign-in for the whole account" card>
      <p class="muted">
        {required
          ? 'Everybody in the account signs in with two factors. People without it are led to set it up before anything else.'
          : 'Require everybody in the account to sign in with two factors. People without it are led to set it up at their next visit.'}
      </p>
      {change.error instanceof Error ? <Notice tone="error">{change.error.message}</Notice> : null}
      <div class="actions actions-start">
        <Button
          variant={required ? 'secondary' : 'primary'}
          busy={change.isPending}
          onClick={() => change.mutate({ required: !required })}
        >
          {required ? 'Make it optional' : 'Require two-factor sign-in'}
        </Button>
      </div>
    </Section>
  );
}
