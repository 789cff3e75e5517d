import { lazy, Route, Router, useLocation } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { ErrorMessage, Loading } from '../components/ui/states';
import { useSession } from '../features/auth/api/get-session';
import { CodeDetailRoute } from './routes/code-detail';
import { CodesRoute } from './routes/codes';
import { ComingSoonRoute } from './routes/coming-soon';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { NewCodeRoute } from './routes/code-new';
import { NotFoundRoute } from './routes/not-found';
import { SetPasswordRoute } from './routes/set-password';
import { SettingsRoute } from './routes/settings';
import { SetupRoute } from './routes/setup';
import { SignInRoute } from './routes/sign-in';
import { TokensRoute } from './routes/tokens';
import { Shell } from './shell';

/** The designer carries the symbol renderer; it loads when first opened, not with every page. */
const CodeDesignRoute = lazy(() => import('./routes/code-design').then((m) => m.CodeDesignRoute));

/** Pages anybody may open; every other page needs a session. */
const PUBLIC = ['/app/sign-in', '/app/forgot-password', '/app/set-password', '/app/setup'];

function Redirect({ to }: { to: string }) {
  const { route } = useLocation();
  useEffect(() => route(to, true), [to]);
  return null;
}

export function AppRouter() {
  const session = useSession();
  const { path, url } = useLocation();
  if (session.isPending) return <Loading label="Opening qrelay…" />;
  if (session.isError)
    return (
      <main class="auth" id="main">
        <ErrorMessage error={session.error} retry={() => void session.refetch()} />
      </main>
    );
  const isPublic = PUBLIC.includes(path);
  if (!session.data.user) {
    if (isPublic) return <PublicPages />;
    const target = session.data.setupPending ? '/app/setup' : `/app/sign-in?next=${encodeURIComponent(url)}`;
    return <Redirect to={target} />;
  }
  if (isPublic && path !== '/app/set-password') return <Redirect to="/app/codes" />;
  return (
    <Shell session={session.data}>
      <Router>
        <Route path="/app" component={() => <Redirect to="/app/codes" />} />
        <Route path="/app/" component={() => <Redirect to="/app/codes" />} />
        <Route path="/app/codes" component={CodesRoute} />
        <Route path="/app/codes/new" component={NewCodeRoute} />
        <Route path="/app/codes/:id" component={CodeDetailRoute} />
        <Route path="/app/codes/:id/design" component={CodeDesignRoute} />
        <Route
          path="/app/links"
          component={() => <ComingSoonRoute title="Links" what="Short links without a symbol: list, create and repoint them." />}
        />
        <Route
          path="/app/analytics"
          component={() => (
            <ComingSoonRoute title="Analytics" what="Scans and visitors over time, countries, devices and placements." />
          )}
        />
        <Route
          path="/app/team"
          component={() => (
            <ComingSoonRoute title="Team" what="Invite people, change their roles, suspend and reactivate them." />
          )}
        />
        <Route path="/app/settings" component={SettingsRoute} />
        <Route path="/app/settings/tokens" component={() => <TokensRoute session={session.data} />} />
        <Route path="/app/set-password" component={SetPasswordRoute} />
        <Route default component={NotFoundRoute} />
      </Router>
    </Shell>
  );
}

function PublicPages() {
  return (
    <Router>
      <Route path="/app/sign-in" component={SignInRoute} />
      <Route path="/app/forgot-password" component={ForgotPasswordRoute} />
      <Route path="/app/set-password" component={SetPasswordRoute} />
      <Route path="/app/setup" component={SetupRoute} />
      <Route default component={NotFoundRoute} />
    </Router>
  );
}
