import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { formErrors, inFormWords } from './form-errors';

const refused = (message: string) => new ApiError(400, 'invalid_request', message);
const LABELS = { name: 'Name', url: 'Destination', shortCode: 'Ending' };

describe('messages in the words of the form', () => {
  it('names the field by its label on screen, beside the field', () => {
    expect(formErrors(refused('shortCode "menu" is already taken.'), LABELS)).toEqual({
      field: { shortCode: 'Ending "menu" is already taken.' },
      form: null,
    });
    expect(formErrors(refused('url must be an http or https address.'), LABELS).field.url).toBe(
      'Destination must be an http or https address.',
    );
  });

  it("rephrases the validator's wording", () => {
    expect(inFormWords('body.shortCode must NOT have fewer than 3 characters', 'shortCode', LABELS)).toBe(
      'Ending must be at least 3 characters long',
    );
    expect(inFormWords('body.url must match format "uri"', 'url', LABELS)).toBe(
      'Destination must be a full web address, such as https://example.com',
    );
    expect(inFormWords('body.name is required', 'name', LABELS)).toBe('Name is required');
  });

  it('names another field it mentions by its label too', () => {
    expect(inFormWords('endsAt must not be before startsAt.', 'endsAt', { startsAt: 'First day', endsAt: 'Last day' })).toBe(
      'Last day must not be before "First day".',
    );
    expect(inFormWords('url must name a host.', 'url', LABELS)).toBe('Destination must name a host.');
  });

  it('keeps a message about no field of the form above the form, as the API says it', () => {
    expect(formErrors(refused('The plan allows 10 codes.'), LABELS)).toEqual({ field: {}, form: 'The plan allows 10 codes.' });
  });

  it('without labels, keeps the API message (less its "body." prefix)', () => {
    expect(formErrors(refused('body.name is required'), ['name']).field.name).toBe('name is required');
  });
});
