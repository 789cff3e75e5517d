import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <AuthCard title="Forgot your password?">
      <p class="muted">Enter your address; if it belongs to someone here, we mail a link to set a new password.</p>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
