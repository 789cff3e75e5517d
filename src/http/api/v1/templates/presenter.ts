import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import type { Template as TemplateRecord } from '../../../../catalog/index.js';
import type { Template } from './schema.js';

export const presentTemplate = (template: TemplateRecord): Static<typeof Template> => ({
  id: template.id,
  name: template.name,
  design: template.design,
  createdAt: iso(template.createdAt),
  updatedAt: iso(template.updatedAt),
});
