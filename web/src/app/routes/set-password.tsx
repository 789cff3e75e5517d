import { useLocation } from 'preact-iso';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';

/** Where invitation and reset links lead. */
export function SetPasswordRoute() {
  const { query, route } = useLocation();
  return (
    <AuthCard title="Choose your password">
      <SetPasswordForm token={query.token ?? ''} onDone={() => route('/app/codes', true)} />
    </AuthCard>
  );
}
