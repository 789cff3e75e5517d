import { PrintRunPage } from '../../features/jobs/components/print-run-page';

export const PrintRunRoute = () => <PrintRunPage />;
