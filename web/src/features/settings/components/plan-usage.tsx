import { formatDay, formatNumber } from '../../../lib/format';
import type { AccountSettings } from '../api/account';

const PLAN_NAMES: Record<AccountSettings['plan'], string> = {
  free: 'Free',
  starter: 'Starter',
  business: 'Business',
  enterprise: 'Enterprise',
};

/** The plan, the monthly API allowance as a meter, and the per-minute rate. */
export function PlanUsage({ settings }: { settings: AccountSettings }) {
  const { allowance } = settings;
  const share = allowance.limit > 0 ? Math.min(1, allowance.used / allowance.limit) : 0;
  const tone = share >= 0.9 ? 'meter-high' : share >= 0.7 ? 'meter-mid' : '';
  return (
    <section class="card stack" aria-labelledby="plan">
      <h2 id="plan">Plan: {PLAN_NAMES[settings.plan]}</h2>
      {settings.apiAccess ? (
        <div class="stack">
          <label for="allowance-meter">API requests this month</label>
          <meter
            id="allowance-meter"
            class={`allowance ${tone}`}
            min={0}
            max={allowance.limit}
            low={allowance.limit * 0.7}
            high={allowance.limit * 0.9}
            optimum={0}
            value={allowance.used}
          />
          <p>
            <strong>{formatNumber(allowance.used)}</strong> of {formatNumber(allowance.limit)} used ({Math.round(share * 100)}%).
            The allowance renews on {formatDay(allowance.resetsAt)}. The dashboard does not spend it.
          </p>
        </div>
      ) : (
        <p>This plan uses the dashboard only: API calls other than /me are refused.</p>
      )}
      <dl class="facts">
        <div>
          <dt>Rate limit</dt>
          <dd>{formatNumber(settings.ratePerMinute)} requests a minute per API token</dd>
        </div>
        <div>
          <dt>Live codes</dt>
          <dd>{settings.maxCodes === null ? 'No cap' : `Up to ${formatNumber(settings.maxCodes)}`}</dd>
        </div>
        <div>
          <dt>Webhooks</dt>
          <dd>{settings.webhooks ? 'Included' : 'Not included'}</dd>
        </div>
      </dl>
      <p class="muted">The operator of this qrelay changes plans.</p>
    </section>
  );
}
