import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { newNamed, validName } from '../../db/names.js';
import { validDesign } from '../designs/design.schema.js';
import type { ScannabilityGate } from '../symbols/scannability.gate.js';
import { assertCan, ContentReads, type Person } from '../../platform/index.js';
import type { TemplatesRepository } from './store/templates.repository.js';
import { TEMPLATE_NAME_MAX, type CreateTemplateInput, type Template, type UpdateTemplateInput } from './templates.types.js';

/**
 * Saved designs. A code that uses one holds its own copy of the design, so nothing here ever
 * touches a code: editing or deleting a template changes only the template. Reading needs
 * content:read, saving and deleting content:write.
 */
export class TemplatesService extends ContentReads<Template> {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly clock: Clock,
    private readonly scannable: ScannabilityGate,
  ) {
    super('template', templates);
  }

  async create(actor: Person, input: CreateTemplateInput): Promise<Template> {
    assertCan(actor, 'content:write');
    const now = this.clock.now();
    const template: Template = {
      ...newNamed(actor.accountId, input.name, TEMPLATE_NAME_MAX, now),
      design: validDesign(input.design),
    };
    await this.scannable.assertTemplate(actor.accountId, template.design, input.acceptUnscannable);
    await this.templates.insert(template);
    return template;
  }

  async update(actor: Person, id: string, input: UpdateTemplateInput): Promise<Template> {
    assertCan(actor, 'content:write');
    const template = await this.get(actor, id);
    const next: Template = { ...template, updatedAt: this.clock.now() };
    if (input.name !== undefined) next.name = validName(input.name, TEMPLATE_NAME_MAX);
    if (input.design !== undefined) {
      next.design = validDesign(input.design, template.design);
      await this.scannable.assertTemplate(actor.accountId, next.design, input.acceptUnscannable);
    }
    await this.templates.update(next);
    return next;
  }

  async delete(actor: Person, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    const deleted = isId(id) && (await this.templates.delete(actor.accountId, id));
    if (!deleted) throw new NotFound('template');
  }
}
