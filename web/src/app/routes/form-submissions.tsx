import { useRoute } from 'preact-iso';
import { SubmissionsInbox } from '../../features/content/components/submissions-inbox';

/** /app/forms/:id/submissions. */
export function FormSubmissionsRoute() {
  const { params } = useRoute();
  return <SubmissionsInbox formId={params.id ?? ''} />;
}
