import { useLocation } from 'preact-iso';
import { Page } from '../../components/ui/page';
import { CreateCodeForm } from '../../features/codes/components/create-code-form';

export function NewCodeRoute() {
  const { route } = useLocation();
  return (
    <Page title="New code" actions={<a href="/app/codes">All codes</a>}>
      <CreateCodeForm onCreated={(code) => route(`/app/codes/${code.id}`)} />
    </Page>
  );
}
