import { useLocation } from 'preact-iso';
import { Page } from '../../components/ui/page';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ConfirmEmail } from '../../features/account/components/confirm-email';

const TITLE = 'Confirm your new address';

/** The page a new address's confirmation link opens, signed in (inside the frame) or not. */
export function ConfirmEmailRoute({ inShell = false }: { inShell?: boolean }) {
  const { query } = useLocation();
  const body = <ConfirmEmail token={query.token ?? ''} />;
  return inShell ? <Page title={TITLE}>{body}</Page> : <AuthCard title={TITLE}>{body}</AuthCard>;
}
