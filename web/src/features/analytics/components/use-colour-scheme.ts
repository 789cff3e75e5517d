import { useEffect, useState } from 'preact/hooks';

const DARK = '(prefers-color-scheme: dark)';

/** Whether the system asks for dark colours now, following it when it changes (for what CSS cannot colour). */
export function useColourScheme(): 'dark' | 'light' {
  const query = typeof matchMedia === 'function' ? matchMedia(DARK) : null;
  const [dark, setDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const follow = () => setDark(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return dark ? 'dark' : 'light';
}
