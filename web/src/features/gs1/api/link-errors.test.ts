import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { gs1Errors } from './link-errors';

const refused = (message: string) => new ApiError(400, 'invalid_request', message);

describe('gs1Errors', () => {
  it("places a link's problem beside that link's field, from the service or from the schema", () => {
    expect(gs1Errors(refused('links[1].lang "xx-yyy" is not a language tag such as "en" or "fr-CA".'), true).links).toEqual({
      1: { lang: 'links[1].lang "xx-yyy" is not a language tag such as "en" or "fr-CA".' },
    });
    expect(gs1Errors(refused('body.links.0.href must NOT have more than 2048 characters'), false).links).toEqual({
      0: { href: 'links.0.href must NOT have more than 2048 characters' },
    });
    expect(
      gs1Errors(refused('links[2] repeats an earlier link (same link type, href, language and media type).'), true).links[2],
    ).toEqual({
      row: 'links[2] repeats an earlier link (same link type, href, language and media type).',
    });
  });

  it('puts a refused key beside the key when registering, and what is about all the links above the form', () => {
    const key = gs1Errors(refused('GTIN "09506000134353" has a wrong check digit: the last digit should be 2.'), true);
    expect(key).toMatchObject({ key: expect.stringContaining('check digit'), form: null });
    expect(gs1Errors(refused('Exactly one link is the default, but 2 are marked "default": true.'), true)).toMatchObject({
      key: null,
      form: expect.stringContaining('Exactly one link'),
    });
    expect(gs1Errors(refused('GTIN "1" must be digits only'), false)).toMatchObject({
      key: null,
      form: 'GTIN "1" must be digits only',
    });
    expect(gs1Errors(new ApiError(0, 'network', 'The service could not be reached.'), true)).toMatchObject({
      key: null,
      form: expect.any(String),
    });
    expect(gs1Errors(null, true)).toEqual({ key: null, links: {}, form: null });
  });
});
