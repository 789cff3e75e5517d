import { Page } from '../../components/ui/page';

const SECTIONS = [
  {
    href: '/app/settings/tokens',
    title: 'API tokens',
    text: 'Tokens for scripts and other services, with the scopes you choose.',
    ready: true,
  },
  { href: null, title: 'Webhooks', text: 'Events sent to your own services as they happen.', ready: false },
  { href: null, title: 'Plan and usage', text: 'The monthly allowance and the rate limit.', ready: false },
  { href: null, title: 'Custom domain', text: 'Short addresses on your own domain.', ready: false },
];

export function SettingsRoute() {
  return (
    <Page title="Settings">
      <ul class="tiles">
        {SECTIONS.map((section) => (
          <li key={section.title} class="card tile">
            <h2>{section.href ? <a href={section.href}>{section.title}</a> : section.title}</h2>
            <p class="muted">{section.text}</p>
            {section.ready ? null : <span class="badge">Coming soon</span>}
          </li>
        ))}
      </ul>
    </Page>
  );
}
