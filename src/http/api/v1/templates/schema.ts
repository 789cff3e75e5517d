import { Type } from '@sinclair/typebox';
import { AcceptUnscannable, Design, DesignInput, TEMPLATE_NAME_MAX } from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, DeletedEnvelope } from '../../../schemas.js';

const Name = Type.String({ minLength: 1, maxLength: TEMPLATE_NAME_MAX });

export const Template = Type.Object(
  { id: Type.String(), name: Type.String(), design: Design, createdAt: DateTime, updatedAt: DateTime },
  { title: 'Template' },
);

export const CreateTemplateBody = Type.Object(
  {
    name: Name,
    design: { ...DesignInput, description: 'The same design a code carries; fields left out take the defaults.' },
    acceptUnscannable: Type.Optional(AcceptUnscannable),
  },
  { additionalProperties: false },
);

export const UpdateTemplateBody = Type.Object(
  {
    name: Type.Optional(Name),
    design: Type.Optional({ ...DesignInput, description: "Fields to change; the others keep the template's values." }),
    acceptUnscannable: Type.Optional(AcceptUnscannable),
  },
  { additionalProperties: false },
);

export const TemplateResponse = DataEnvelope(Template);
export const TemplateListResponse = DataEnvelope(Type.Array(Template));
export const DeletedTemplateResponse = DeletedEnvelope();
