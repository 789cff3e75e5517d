import { Page } from '../../components/ui/page';
import { ErrorMessage, Loading } from '../../components/ui/states';
import { useAccountSettings } from '../../features/settings/api/account';
import { CustomDomain } from '../../features/settings/components/custom-domain';
import { PlanUsage } from '../../features/settings/components/plan-usage';

/** Plan and usage, and the custom domain: read here, changed by the operator. */
export function AccountRoute() {
  const settings = useAccountSettings();
  return (
    <Page title="Plan, usage and domain" actions={<a href="/app/settings">All settings</a>}>
      {settings.isPending ? (
        <Loading label="Loading the plan…" />
      ) : settings.isError ? (
        <ErrorMessage error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <div class="stack">
          <PlanUsage settings={settings.data} />
          <CustomDomain domain={settings.data.domain} />
        </div>
      )}
    </Page>
  );
}
