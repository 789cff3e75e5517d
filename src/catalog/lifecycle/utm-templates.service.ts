import { isUniqueViolation } from '../../db/dialect.js';
import { newNamed } from '../../db/names.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { assertCan, ContentReads, type Person } from '../../platform/index.js';
import type { UtmTemplate } from './lifecycle.types.js';
import type { UtmTemplatesRepository } from './store/utm-templates.repository.js';
import { validUtm, type Utm } from './utm.js';

export const UTM_TEMPLATE_NAME_MAX = 200;

/** An account's saved UTM parameters, to fill a code's or link's `utm` from. */
export class UtmTemplatesService extends ContentReads<UtmTemplate> {
  constructor(
    private readonly templates: UtmTemplatesRepository,
    private readonly clock: Clock,
  ) {
    super('UTM template', templates);
  }

  async create(actor: Person, input: { name: string; utm: Utm }): Promise<UtmTemplate> {
    assertCan(actor, 'content:write');
    const utm = validUtm(input.utm);
    if (utm === null) throw new InvalidRequest('utm must set at least one parameter.', 'utm');
    const template: UtmTemplate = { ...newNamed(actor.accountId, input.name, UTM_TEMPLATE_NAME_MAX, this.clock.now()), utm };
    try {
      await this.templates.insert(template);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new InvalidRequest(`name "${template.name}" is already a UTM template's name (case is ignored).`, 'name');
      throw error;
    }
    return template;
  }

  async delete(actor: Person, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    if (!(isId(id) && (await this.templates.delete(actor.accountId, id)))) throw new NotFound('UTM template');
  }
}
