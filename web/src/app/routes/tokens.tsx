import { Page } from '../../components/ui/page';
import type { SessionState } from '../../features/auth/api/get-session';
import { CreateTokenForm } from '../../features/tokens/components/create-token-form';
import { TokensList } from '../../features/tokens/components/tokens-list';

export function TokensRoute({ session }: { session: SessionState }) {
  return (
    <Page title="API tokens" actions={<a href="/app/settings">All settings</a>}>
      <section class="card" aria-labelledby="new-token">
        <h2 id="new-token">New token</h2>
        <CreateTokenForm allowedScopes={session.scopes} />
      </section>
      <section aria-labelledby="your-tokens" class="stack">
        <h2 id="your-tokens">Your tokens</h2>
        <TokensList />
      </section>
    </Page>
  );
}
