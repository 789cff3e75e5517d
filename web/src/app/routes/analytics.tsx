import { AnalyticsPage } from '../../features/analytics/components/analytics-page';

export const AnalyticsRoute = () => <AnalyticsPage />;
