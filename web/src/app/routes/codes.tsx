import { ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { CodesList } from '../../features/codes/components/codes-list';

export function CodesRoute() {
  return (
    <Page title="Codes" actions={<ButtonLink href="/app/codes/new">New code</ButtonLink>}>
      <CodesList />
    </Page>
  );
}
