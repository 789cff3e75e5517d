import { describe, expect, it } from 'vitest';
import { summariseChange } from './change';

describe('the change on the period before', () => {
  it('says a rise and a fall with an arrow and in words, rounded to whole percent', () => {
    expect(summariseChange(0.25, 8, 10)).toEqual({
      direction: 'up',
      arrow: '↑',
      short: '+25%',
      words: 'up 25% on the period before',
    });
    expect(summariseChange(-0.104, 10, 9)).toMatchObject({ direction: 'down', arrow: '↓', short: '−10%' });
    expect(summariseChange(-0.104, 10, 9).words).toBe('down 10% on the period before');
  });

  it('calls a change under half a percent the same', () => {
    expect(summariseChange(0.004, 1000, 1004)).toMatchObject({ direction: 'same', arrow: '→', short: '0%' });
  });

  it('says when the period before had none, and when neither had any', () => {
    expect(summariseChange(null, 0, 3)).toMatchObject({ direction: 'new', words: 'none in the period before' });
    expect(summariseChange(null, 0, 0)).toMatchObject({ direction: 'same', words: 'none in this period or the one before' });
  });
});
