import { Button } from '../../../components/ui/button';

/** `items` with the one at `index` moved by one place up (-1) or down (1). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

/** Move up, move down and remove for the `index`-th of `items`, named "<noun> <n>" to screen readers. */
export function ItemControls<T>({
  items,
  index,
  noun,
  onChange,
}: {
  items: readonly T[];
  index: number;
  noun: string;
  onChange: (items: T[]) => void;
}) {
  const name = <span class="visually-hidden"> {`${noun} ${index + 1}`}</span>;
  return (
    <div class="actions actions-start">
      <Button variant="secondary" disabled={index === 0} onClick={() => onChange(moved(items, index, -1))}>
        Move up{name}
      </Button>
      <Button variant="secondary" disabled={index === items.length - 1} onClick={() => onChange(moved(items, index, 1))}>
        Move down{name}
      </Button>
      <Button variant="ghost" onClick={() => onChange(items.filter((_, i) => i !== index))}>
        Remove{name}
      </Button>
    </div>
  );
}
