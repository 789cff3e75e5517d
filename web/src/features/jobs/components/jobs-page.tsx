import { ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { JobsList } from './jobs-list';
import '../jobs.css';

/** Jobs: imports and print runs, which the service does in the background. */
export const JobsPage = () => (
  <Page
    title="Jobs"
    actions={
      <ButtonLink variant="secondary" href="/app/codes/import">
        Import codes
      </ButtonLink>
    }
  >
    <JobsList />
  </Page>
);
