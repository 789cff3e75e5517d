import { lazy, Route, Router, useLocation } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { ErrorMessage, Loading } from '../components/ui/states';
import { useSession } from '../features/auth/api/get-session';
import { AccountRoute } from './routes/account';
import { CodeDetailRoute } from './routes/code-detail';
import { CodesRoute } from './routes/codes';
import { FoldersRoute } from './routes/folders';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { LinksRoute } from './routes/links';
import { NewCodeRoute } from './routes/code-new';
import { NotFoundRoute } from './routes/not-found';
import { SetPasswordRoute } from './routes/set-password';
import { SettingsRoute } from './routes/settings';
import { SetupRoute } from './routes/setup';
import { SignInRoute } from './routes/sign-in';
import { TeamRoute } from './routes/team';
import { TokensRoute } from './routes/tokens';
import { WebhooksRoute } from './routes/webhooks';
import { Shell } from './shell';

/** The designer carries the symbol renderer; it loads when first opened, not with every page. */
const CodeDesignRoute = lazy(() => import('./routes/code-design').then((m) => m.CodeDesignRoute));
/** The templates page draws each template with the renderer: loaded when first opened. */
const TemplatesRoute = lazy(() => import('./routes/templates').then((m) => m.TemplatesRoute));
/** The jobs pages (import, print run, the list) load when first opened; the import page carries the CSV reader. */
const ImportRoute = lazy(() => import('./routes/import').then((m) => m.ImportRoute));
const MoveInRoute = lazy(() => import('./routes/move-in').then((m) => m.MoveInRoute));
const PrintRunRoute = lazy(() => import('./routes/print-run').then((m) => m.PrintRunRoute));
const JobsRoute = lazy(() => import('./routes/jobs').then((m) => m.JobsRoute));
/** The analytics page and its chart library load only when the page is first opened. */
const AnalyticsRoute = lazy(() => import('./routes/analytics').then((m) => m.AnalyticsRoute));
/** GS1, campaigns and media pages load when first opened; the key's and the campaign's pages carry the renderer and the chart. */
const Gs1Route = lazy(() => import('./routes/gs1').then((m) => m.Gs1Route));
const CampaignsRoute = lazy(() => import('./routes/campaigns').then((m) => m.CampaignsRoute));
const MediaRoute = lazy(() => import('./routes/media').then((m) => m.MediaRoute));
/** A GS1 key's page draws its symbol with the renderer, like the designer: loaded when first opened. */
const Gs1DetailRoute = lazy(() => import('./routes/gs1-detail').then((m) => m.Gs1DetailRoute));
const CampaignDetailRoute = lazy(() => import('./routes/campaign-detail').then((m) => m.CampaignDetailRoute));
/** A link's page draws its clicks with the analytics chart: loaded when first opened. */
const LinkDetailRoute = lazy(() => import('./routes/link-detail').then((m) => m.LinkDetailRoute));

/** One's own account carries the symbol renderer (the authenticator app's QR symbol): loaded when first opened. */
const YourAccountRoute = lazy(() => import('./routes/your-account').then((m) => m.YourAccountRoute));
const ConfirmEmailRoute = lazy(() => import('./routes/confirm-email').then((m) => m.ConfirmEmailRoute));

/** Forms, pages and cards (editors, preview, inbox) load as one chunk when first opened. */
const ContentListRoute = lazy(() => import('./routes/content-list').then((m) => m.ContentListRoute));
const ContentEditRoute = lazy(() => import('./routes/content-edit').then((m) => m.ContentEditRoute));
const FormSubmissionsRoute = lazy(() => import('./routes/form-submissions').then((m) => m.FormSubmissionsRoute));

/** Pages anybody may open; every other page needs a session. */
const PUBLIC = ['/app/sign-in', '/app/forgot-password', '/app/set-password', '/app/setup', '/app/confirm-email'];
/** Pages a signed-in person may still open (a link followed while signed in). */
const ALSO_SIGNED_IN = ['/app/set-password', '/app/confirm-email'];

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
  if (isPublic && !ALSO_SIGNED_IN.includes(path)) return <Redirect to="/app/codes" />;
  // Where the account requires two factors, a person without one sets it up before anything else.
  if (session.data.twoFactor?.required && !session.data.twoFactor.enabled && path !== '/app/account' && !isPublic)
    return <Redirect to="/app/account" />;
  return (
    <Shell session={session.data}>
      <Router>
        <Route path="/app" component={() => <Redirect to="/app/codes" />} />
        <Route path="/app/" component={() => <Redirect to="/app/codes" />} />
        <Route path="/app/codes" component={CodesRoute} />
        <Route path="/app/codes/new" component={NewCodeRoute} />
        <Route path="/app/codes/import" component={ImportRoute} />
        <Route path="/app/codes/import/move-in" component={MoveInRoute} />
        <Route path="/app/codes/print" component={PrintRunRoute} />
        <Route path="/app/codes/:id" component={CodeDetailRoute} />
        <Route path="/app/codes/:id/design" component={CodeDesignRoute} />
        <Route path="/app/links" component={() => <LinksRoute session={session.data} />} />
        <Route path="/app/links/:id" component={LinkDetailRoute} />
        <Route path="/app/jobs" component={JobsRoute} />
        <Route path="/app/folders" component={() => <FoldersRoute session={session.data} />} />
        <Route path="/app/templates" component={() => <TemplatesRoute session={session.data} />} />
        <Route path="/app/analytics" component={AnalyticsRoute} />
        <Route path="/app/gs1" component={Gs1Route} />
        <Route path="/app/gs1/:id" component={Gs1DetailRoute} />
        <Route path="/app/campaigns" component={CampaignsRoute} />
        <Route path="/app/campaigns/:id" component={CampaignDetailRoute} />
        <Route path="/app/media" component={MediaRoute} />
        <Route path="/app/forms" component={() => <ContentListRoute kind="forms" session={session.data} />} />
        <Route path="/app/forms/:id" component={() => <ContentEditRoute kind="forms" session={session.data} />} />
        <Route path="/app/pages" component={() => <ContentListRoute kind="pages" session={session.data} />} />
        <Route path="/app/pages/:id" component={() => <ContentEditRoute kind="pages" session={session.data} />} />
        <Route path="/app/cards" component={() => <ContentListRoute kind="cards" session={session.data} />} />
        <Route path="/app/cards/:id" component={() => <ContentEditRoute kind="cards" session={session.data} />} />
        <Route path="/app/forms/:id/submissions" component={FormSubmissionsRoute} />
        <Route path="/app/team" component={() => <TeamRoute session={session.data} />} />
        <Route path="/app/settings" component={SettingsRoute} />
        <Route path="/app/settings/tokens" component={() => <TokensRoute session={session.data} />} />
        <Route path="/app/settings/webhooks" component={WebhooksRoute} />
        <Route path="/app/settings/account" component={AccountRoute} />
        <Route path="/app/account" component={() => <YourAccountRoute session={session.data} />} />
        <Route path="/app/set-password" component={SetPasswordRoute} />
        <Route path="/app/confirm-email" component={() => <ConfirmEmailRoute inShell />} />
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
      <Route path="/app/confirm-email" component={ConfirmEmailRoute} />
      <Route default component={NotFoundRoute} />
    </Router>
  );
}
