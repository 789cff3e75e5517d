import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useTokens, type Token } from '../api/get-tokens';
import { useRevokeToken } from '../api/token-mutations';

const stateOf = (token: Token): string => {
  if (token.revokedAt) return 'Revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= Date.now()) return 'Expired';
  return 'Active';
};

/** The person's tokens with their last use; revoking asks first. */
export function TokensList() {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [target, setTarget] = useState<Token | null>(null);
  if (tokens.isPending) return <Loading label="Loading tokens…" />;
  if (tokens.isError) return <ErrorMessage error={tokens.error} retry={() => void tokens.refetch()} />;
  if (tokens.data.length === 0)
    return <Empty title="No tokens yet">Create one above to use the API from a script or another service.</Empty>;
  return (
    <>
      {revoke.error ? <ErrorMessage error={revoke.error} /> : null}
      <ul class="list">
        {tokens.data.map((token) => {
          const state = stateOf(token);
          return (
            <li key={token.id} class="list-item">
              <div class="list-main">
                <span class="list-title">{token.name ?? 'Unnamed token'}</span>
                <span class="list-sub">{token.scopes.join(', ')}</span>
              </div>
              <div class="list-meta">
                <span class={`badge badge-${state.toLowerCase()}`}>{state}</span>
                <span class="muted">Last used {formatDateTime(token.lastUsedAt, 'never')}</span>
                <span class="muted">{token.expiresAt ? `Expires ${formatDateTime(token.expiresAt)}` : 'No expiry'}</span>
                {state === 'Active' ? (
                  <Button variant="ghost" onClick={() => setTarget(token)}>
                    Revoke<span class="visually-hidden"> {token.name ?? 'unnamed token'}</span>
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={target !== null}
        title={`Revoke "${target?.name ?? 'Unnamed token'}"?`}
        confirmLabel="Revoke the token"
        busy={revoke.isPending}
        onClose={() => setTarget(null)}
        onConfirm={() => target && revoke.mutate(target.id, { onSuccess: () => setTarget(null) })}
      >
        <p>Anything using it stops working at once. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
