import { Page } from '../../components/ui/page';
import { Empty } from '../../components/ui/states';

/** A section of the dashboard that is not built yet; the API already offers it. */
export function ComingSoonRoute({ title, what }: { title: string; what: string }) {
  return (
    <Page title={title}>
      <Empty title="Coming soon">
        <p>{what}</p>
        <p class="muted">Until then the same is available through the API with a token from Settings.</p>
      </Empty>
    </Page>
  );
}
