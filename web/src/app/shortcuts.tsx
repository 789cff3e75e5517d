import { useLocation } from 'preact-iso';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { Button } from '../components/ui/button';
import './shortcuts.css';

/** The keys the dashboard answers anywhere, as the help dialog lists them. */
const KEYS = [
  ['/', 'Search the list on this page'],
  ['n', 'New code'],
  ['?', 'Show these shortcuts'],
] as const;

/** Typing in a field, or holding a modifier (the browser's own shortcuts), is never taken for a shortcut. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The keyboard shortcuts: "/" moves to the page's search, "n" opens New code, "?" shows them all in a
 * dialog. Not while another dialog is open.
 */
export function Shortcuts() {
  const { route } = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event) || document.querySelector('dialog[open]')) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('main input[type="search"]');
        if (!search) return;
        event.preventDefault();
        search.focus();
      } else if (event.key === 'n') {
        event.preventDefault();
        route('/app/codes/new');
      } else if (event.key === '?') {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [route]);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <dl class="shortcut-list">
        {KEYS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p class="field-hint">Not while typing in a field.</p>
      <div class="actions">
        <Button variant="secondary" onClick={() => ref.current?.close()}>
          Close
        </Button>
      </div>
    </dialog>
  );
}
