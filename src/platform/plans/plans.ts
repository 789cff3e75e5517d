/**
 * The plan catalogue (DECISIONS.md). An account may override its allowance, rate and code cap.
 * Caps on live codes: free 10, starter 100, business 1,000, enterprise unlimited.
 */
export const PLAN_NAMES = ['free', 'starter', 'business', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  /** Whether endpoints other than /me may be called. */
  apiAccess: boolean;
  ratePerMinute: number;
  monthlyAllowance: number;
  webhooks: boolean;
  /** Metered plans report Quota-Limit and Quota-Remaining. */
  metered: boolean;
  /** Cap on live (not archived) codes; null means unlimited. */
  maxCodes: number | null;
}

const PLANS: Record<PlanName, Plan> = {
  free: { name: 'free', apiAccess: false, ratePerMinute: 60, monthlyAllowance: 0, webhooks: false, metered: false, maxCodes: 10 },
  starter: {
    name: 'starter',
    apiAccess: true,
    ratePerMinute: 60,
    monthlyAllowance: 10_000,
    webhooks: false,
    metered: true,
    maxCodes: 100,
  },
  business: {
    name: 'business',
    apiAccess: true,
    ratePerMinute: 120,
    monthlyAllowance: 100_000,
    webhooks: true,
    metered: true,
    maxCodes: 1_000,
  },
  enterprise: {
    name: 'enterprise',
    apiAccess: true,
    ratePerMinute: 600,
    monthlyAllowance: 1_000_000,
    webhooks: true,
    metered: true,
    maxCodes: null,
  },
};

export const isPlanName = (value: string): value is PlanName => (PLAN_NAMES as readonly string[]).includes(value);

export interface PlanOverrides {
  monthlyAllowance: number | null;
  ratePerMinute: number | null;
  maxCodes?: number | null;
}

/** The limits in force for an account: its plan's, with the account's own overrides applied. */
export function effectivePlan(name: string, overrides: PlanOverrides): Plan {
  const base = isPlanName(name) ? PLANS[name] : PLANS.free;
  return {
    ...base,
    monthlyAllowance: overrides.monthlyAllowance ?? base.monthlyAllowance,
    ratePerMinute: overrides.ratePerMinute ?? base.ratePerMinute,
    maxCodes: overrides.maxCodes ?? base.maxCodes,
  };
}
