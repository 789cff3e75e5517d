/** The change from the previous period of equal length, told in words and an arrow (never by colour alone). */
export interface ChangeSummary {
  direction: 'up' | 'down' | 'same' | 'new';
  /** An arrow for the eye; the words carry the same meaning. */
  arrow: string;
  /** "+25%", "−10%", "0%", or "new" when the period before had none. */
  short: string;
  /** The whole sentence a screen reader hears. */
  words: string;
}

/** `change` as the API gives it: a fraction (0.25: a quarter more), null when the period before had none. */
export function summariseChange(change: number | null, previous: number, current: number): ChangeSummary {
  if (change === null || previous === 0) {
    return current === 0
      ? { direction: 'same', arrow: '→', short: '0', words: 'none in this period or the one before' }
      : { direction: 'new', arrow: '↑', short: 'new', words: 'none in the period before' };
  }
  const percent = Math.round(change * 100);
  if (percent === 0) return { direction: 'same', arrow: '→', short: '0%', words: 'about the same as the period before' };
  const up = percent > 0;
  const short = `${up ? '+' : '−'}${Math.abs(percent)}%`;
  return {
    direction: up ? 'up' : 'down',
    arrow: up ? '↑' : '↓',
    short,
    words: `${up ? 'up' : 'down'} ${Math.abs(percent)}% on the period before`,
  };
}
