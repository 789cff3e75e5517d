import { Button } from './button';

/** Previous / next over an offset; "next" is offered while a page comes back full. */
export function Pagination({
  offset,
  limit,
  count,
  onChange,
}: {
  offset: number;
  limit: number;
  count: number;
  onChange: (offset: number) => void;
}) {
  if (offset === 0 && count < limit) return null;
  return (
    <nav class="pagination" aria-label="Pages">
      <Button variant="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </Button>
      <span>{count === 0 ? 'No more' : `${offset + 1}–${offset + count}`}</span>
      <Button variant="secondary" disabled={count < limit} onClick={() => onChange(offset + limit)}>
        Next
      </Button>
    </nav>
  );
}
