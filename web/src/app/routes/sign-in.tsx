import { useLocation } from 'preact-iso';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignInForm } from '../../features/auth/components/sign-in-form';

/** Only a page of the dashboard itself may be the destination after signing in. */
const safeNext = (next: string | undefined): string => (next && /^\/app\/[A-Za-z0-9/_-]*$/.test(next) ? next : '/app/codes');

export function SignInRoute() {
  const { query, route } = useLocation();
  return (
    <AuthCard title="Sign in">
      <SignInForm onSignedIn={() => route(safeNext(query.next), true)} />
    </AuthCard>
  );
}
