import { Page } from '../../components/ui/page';

const SECTIONS = [
  {
    href: '/app/settings/tokens',
    title: 'API tokens',
    text: 'Tokens for scripts and other services, with the scopes you choose.',
  },
  { href: '/app/settings/webhooks', title: 'Webhooks', text: 'Events sent to your own services as they happen.' },
  {
    href: '/app/settings/account',
    title: 'Plan and usage',
    text: 'The monthly allowance, the rate limit, the custom domain with its DNS record, and the time zone of the analytics.',
  },
];

export function SettingsRoute() {
  return (
    <Page title="Settings">
      <ul class="tiles">
        {SECTIONS.map((section) => (
          <li key={section.title} class="card tile">
            <h2>
              <a href={section.href}>{section.title}</a>
            </h2>
            <p class="muted">{section.text}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
