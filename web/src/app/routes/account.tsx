import { Page } from '../../components/ui/page';
import { ErrorMessage, Loading } from '../../components/ui/states';
import { useSession } from '../../features/auth/api/get-session';
import { useAccountSettings } from '../../features/settings/api/account';
import { CustomDomain } from '../../features/settings/components/custom-domain';
import { PlanUsage } from '../../features/settings/components/plan-usage';
import { TimeZoneSetting } from '../../features/settings/components/time-zone';

/** Plan and usage, and the custom domain (changed by the operator); the analytics' time zone (an owner's or admin's). */
export function AccountRoute() {
  const settings = useAccountSettings();
  const session = useSession();
  return (
    <Page title="Plan, usage, domain and time zone" actions={<a href="/app/settings">All settings</a>}>
      {settings.isPending ? (
        <Loading label="Loading the plan…" />
      ) : settings.isError ? (
        <ErrorMessage error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <div class="stack">
          <PlanUsage settings={settings.data} />
          <CustomDomain domain={settings.data.domain} />
          <TimeZoneSetting
            current={settings.data.timezone}
            canChange={session.data?.permissions.includes('team:manage') ?? false}
          />
        </div>
      )}
    </Page>
  );
}
