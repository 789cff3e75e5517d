import { useRoute } from 'preact-iso';
import { Page } from '../../components/ui/page';
import { ErrorMessage, Loading } from '../../components/ui/states';
import { useSession } from '../../features/auth/api/get-session';
import { useCode } from '../../features/codes/api/get-code';
import { Designer } from '../../features/designer/components/designer';

/** The designer for one code: the codes feature loads it, the designer edits its design. */
export function CodeDesignRoute() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const code = useCode(id);
  const scopes = useSession().data?.scopes ?? [];
  const back = <a href={`/app/codes/${id}`}>Back to the code</a>;
  if (code.isPending)
    return (
      <Page title="Design" actions={back}>
        <Loading label="Loading the code…" />
      </Page>
    );
  if (code.isError)
    return (
      <Page title="Design" actions={back}>
        <ErrorMessage
          error={code.error}
          retry={() => void code.refetch()}
          back={{ href: '/app/codes', label: 'Back to all codes' }}
        />
      </Page>
    );
  return (
    <Page title={`Design: ${code.data.name}`} actions={back}>
      <Designer
        key={code.data.id}
        code={code.data}
        canWrite={scopes.includes('codes:write')}
        canListMedia={scopes.includes('media:read')}
      />
    </Page>
  );
}
