import { Page } from '../../components/ui/page';
import { useSession, type SessionState } from '../../features/auth/api/get-session';
import { EmailSection } from '../../features/account/components/email-section';
import { PasskeysSection } from '../../features/account/components/passkeys-section';
import { PasswordSection } from '../../features/account/components/password-section';
import { RequireTwoFactor } from '../../features/account/components/require-two-factor';
import { SessionsSection } from '../../features/account/components/sessions-section';
import { TwoFactorSection } from '../../features/account/components/two-factor-section';

/** The signed-in person's own security: password, address, two-factor sign-in, sessions; and the owner's rule. */
export function YourAccountRoute({ session: initial }: { session: SessionState }) {
  // Read afresh: the two-factor rule and one's address change on this very page.
  const session = useSession().data ?? initial;
  const mustEnrol = Boolean(session.twoFactor?.required && !session.twoFactor.enabled);
  return (
    <Page title="Your account">
      <div class="stack">
        <TwoFactorSection mustEnrol={mustEnrol} />
        <PasskeysSection />
        {mustEnrol ? null : (
          <>
            <PasswordSection />
            <EmailSection email={session.user?.email ?? ''} />
            <SessionsSection />
            {session.permissions.includes('account:manage') ? (
              <RequireTwoFactor required={session.twoFactor?.required ?? false} />
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}
