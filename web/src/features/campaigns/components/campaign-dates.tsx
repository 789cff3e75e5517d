import { formatDay } from '../../../lib/format';

/** "1 Mar 2026 – 31 Mar 2026", "from 1 Mar 2026", or "no dates". */
export function CampaignDates({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) {
  if (startsAt && endsAt) return <>{`${formatDay(startsAt)} – ${formatDay(endsAt)}`}</>;
  if (startsAt) return <>from {formatDay(startsAt)}</>;
  if (endsAt) return <>until {formatDay(endsAt)}</>;
  return <>no dates</>;
}
