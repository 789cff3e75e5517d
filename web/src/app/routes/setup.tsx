import { useLocation } from 'preact-iso';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SetupForm } from '../../features/auth/components/setup-form';

/** First run: the address the server logs while it has no account. */
export function SetupRoute() {
  const { query, route } = useLocation();
  return (
    <AuthCard title="Set up qrelay">
      <p class="muted">Create the first account. You become its owner and can invite the rest of your team later.</p>
      <SetupForm token={query.token ?? ''} onDone={() => route('/app/codes', true)} />
    </AuthCard>
  );
}
