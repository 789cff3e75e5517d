import { useRoute } from 'preact-iso';
import { CodeDetail } from '../../features/codes/components/code-detail';

export function CodeDetailRoute() {
  const { params } = useRoute();
  return <CodeDetail id={params.id ?? ''} />;
}
