import { Page } from '../../components/ui/page';
import { Section } from '../../components/ui/section';
import { ErrorMessage, Loading, Notice } from '../../components/ui/states';
import { useAccountSettings } from '../../features/settings/api/account';
import { CreateHookForm } from '../../features/webhooks/components/create-hook-form';
import { HooksList } from '../../features/webhooks/components/hooks-list';

export function WebhooksRoute() {
  const settings = useAccountSettings();
  return (
    <Page title="Webhooks" actions={<a href="/app/settings">All settings</a>}>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorMessage error={settings.error} retry={() => void settings.refetch()} />
      ) : settings.data.webhooks ? (
        <Section id="new-hook" title="New webhook" card>
          <CreateHookForm />
        </Section>
      ) : (
        <Notice>The {settings.data.plan} plan does not include webhooks. The operator of this qrelay changes plans.</Notice>
      )}
      <Section id="your-hooks" title="Subscriptions">
        <HooksList />
      </Section>
    </Page>
  );
}
