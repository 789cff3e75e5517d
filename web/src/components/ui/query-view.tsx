import type { ComponentChildren } from 'preact';
import { Empty, ErrorMessage, Loading } from './states';

interface Query<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * What a query has to show: a loading state, the API's message with a retry, an empty state, or the
 * data itself.
 */
export function QueryView<T>({
  query,
  loading,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  query: Query<T>;
  loading: string;
  empty?: { title: string; text: ComponentChildren };
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ComponentChildren;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError || query.data === undefined) return <ErrorMessage error={query.error} retry={() => void query.refetch()} />;
  if (empty && isEmpty(query.data)) return <Empty title={empty.title}>{empty.text}</Empty>;
  return <>{children(query.data)}</>;
}
