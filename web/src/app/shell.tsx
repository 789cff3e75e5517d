import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionState } from '../features/auth/api/get-session';
import { useSignOut } from '../features/auth/api/session-mutations';
import { Shortcuts } from './shortcuts';

/** The main navigation, in order: one entry per section (a new section adds its line here). */
const NAV = [
  { href: '/app/codes', label: 'Codes' },
  { href: '/app/codes/import', label: 'Import' },
  { href: '/app/jobs', label: 'Jobs' },
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
  { href: '/app/account', label: 'Your account' },
];

/**
 * The signed-in frame: brand, navigation, who is signed in, and the page. On a narrow screen the
 * navigation and the account sit behind a Menu button (a disclosure: `aria-expanded`, closed by
 * Escape or by following a link); from 64rem on they are always shown, as a sidebar, and the button is hidden.
 */
export function Shell({ session, children }: { session: SessionState; children: ComponentChildren }) {
  const { path, route } = useLocation();
  // The section the page is in: the entry with the longest address the path starts with (Import, not Codes, for /app/codes/import).
  const current = NAV.filter((item) => path === item.href || path.startsWith(`${item.href}/`)).sort(
    (a, b) => b.href.length - a.href.length,
  )[0]?.href;
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [path]);
  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <div class="frame">
        <header class="topbar" onKeyDown={close}>
          <a class="brand" href="/app/codes">
            <span class="brand-mark" aria-hidden="true" />
            qrelay
          </a>
          <button
            ref={button}
            type="button"
            class="btn btn-ghost btn-small menu-button"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen(!open)}
          >
            <span class="menu-icon" aria-hidden="true" />
            Menu
          </button>
          <div id="main-menu" class={open ? 'menu menu-open' : 'menu'}>
            <nav aria-label="Main" class="nav">
              <ul>
                {NAV.map((item) => {
                  return (
                    <li key={item.href}>
                      <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
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
          </div>
        </header>
        <div class="page-area">
          <main id="main" class="main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
      <Shortcuts />
    </>
  );
}
