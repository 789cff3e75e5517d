import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import type { SessionState } from '../features/auth/api/get-session';
import { useSignOut } from '../features/auth/api/session-mutations';

const NAV = [
  { href: '/app/codes', label: 'Codes' },
  { href: '/app/links', label: 'Links' },
  { href: '/app/folders', label: 'Folders' },
  { href: '/app/templates', label: 'Templates' },
  { href: '/app/forms', label: 'Forms' },
  { href: '/app/pages', label: 'Pages' },
  { href: '/app/cards', label: 'Cards' },
  { href: '/app/analytics', label: 'Analytics' },
  { href: '/app/campaigns', label: 'Campaigns' },
  { href: '/app/gs1', label: 'GS1' },
  { href: '/app/media', label: 'Media' },
  { href: '/app/team', label: 'Team' },
  { href: '/app/settings', label: 'Settings' },
];

/** The signed-in frame: brand, navigation, who is signed in, and the page. */
export function Shell({ session, children }: { session: SessionState; children: ComponentChildren }) {
  const { path, route } = useLocation();
  const signOut = useSignOut();
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href="/app/codes">
          <span class="brand-mark" aria-hidden="true" />
          qrelay
        </a>
        <nav aria-label="Main" class="nav">
          <ul>
            {NAV.map((item) => {
              const current = path === item.href || path.startsWith(`${item.href}/`);
              return (
                <li key={item.href}>
                  <a href={item.href} aria-current={current ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div class="who">
          <span class="who-name" title={session.user?.email}>
            {session.account?.name}
          </span>
          <button
            type="button"
            class="btn btn-ghost btn-small"
            onClick={() => signOut.mutate(undefined, { onSuccess: () => route('/app/sign-in', true) })}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" class="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
