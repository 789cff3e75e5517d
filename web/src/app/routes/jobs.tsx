import { JobsPage } from '../../features/jobs/components/jobs-page';

export const JobsRoute = () => <JobsPage />;
