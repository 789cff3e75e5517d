import { Page } from '../../components/ui/page';
import { Empty } from '../../components/ui/states';

export function NotFoundRoute() {
  return (
    <Page title="Page not found">
      <Empty title="There is no page at this address.">
        <a href="/app/codes">Go to your codes</a>
      </Empty>
    </Page>
  );
}
