import type { Code } from './get-codes';

export type Rule = Code['rules'][number];
type Conditions = NonNullable<Rule['when']>;

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export const OSES = ['ios', 'android', 'windows', 'macos', 'linux', 'other'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** One rule as the form edits it: lists as checkboxes, free lists as comma-separated text. */
export interface RuleDraft {
  device: string[];
  os: string[];
  country: string;
  language: string;
  timeZone: string;
  from: string;
  to: string;
  days: string[];
  split: boolean;
  destination: string;
  variants: Array<{ destination: string; weight: string }>;
}

const words = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean);

export const emptyDraft = (): RuleDraft => ({
  device: [],
  os: [],
  country: '',
  language: '',
  timeZone: '',
  from: '',
  to: '',
  days: [],
  split: false,
  destination: 'https://',
  variants: [
    { destination: 'https://', weight: '50' },
    { destination: 'https://', weight: '50' },
  ],
});

export function toDraft(rule: Rule): RuleDraft {
  const when = rule.when ?? {};
  return {
    ...emptyDraft(),
    device: [...(when.device ?? [])],
    os: [...(when.os ?? [])],
    country: (when.country ?? []).join(', '),
    language: (when.language ?? []).join(', '),
    timeZone: when.time?.timeZone ?? '',
    from: when.time?.from ?? '',
    to: when.time?.to ?? '',
    days: [...(when.time?.days ?? [])],
    split: Boolean(rule.split),
    destination: rule.destination ?? 'https://',
    ...(rule.split ? { variants: rule.split.map((v) => ({ destination: v.destination, weight: String(v.weight) })) } : {}),
  };
}

/** The rule the API takes; the service checks it (and answers with the field it refuses). */
export function fromDraft(draft: RuleDraft): Rule {
  const when: Conditions = {};
  if (draft.device.length) when.device = draft.device as Conditions['device'];
  if (draft.os.length) when.os = draft.os as Conditions['os'];
  const countries = words(draft.country).map((c) => c.toUpperCase());
  if (countries.length) when.country = countries;
  const languages = words(draft.language);
  if (languages.length) when.language = languages;
  if (draft.timeZone.trim() || draft.from || draft.to || draft.days.length) {
    when.time = {
      timeZone: draft.timeZone.trim() || 'UTC',
      ...(draft.from ? { from: draft.from } : {}),
      ...(draft.to ? { to: draft.to } : {}),
      ...(draft.days.length ? { days: draft.days as NonNullable<Conditions['time']>['days'] } : {}),
    };
  }
  const target = draft.split
    ? { split: draft.variants.map((v) => ({ destination: v.destination.trim(), weight: Number(v.weight) })) }
    : { destination: draft.destination.trim() };
  return { ...(Object.keys(when).length ? { when } : {}), ...target };
}
