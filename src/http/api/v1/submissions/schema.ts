import { Type } from '@sinclair/typebox';
import { DataEnvelope, DateTime } from '../../../schemas.js';

const Answers = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
  description: 'The answers keyed by field `key`: text, a number (number, rating), a boolean (checkbox) or null when left empty.',
});

export const Submission = Type.Object(
  { id: Type.String(), formId: Type.String(), createdAt: DateTime, answers: Answers },
  { title: 'Submission' },
);

export const Enquiry = Type.Object(
  { id: Type.String(), cardId: Type.String(), createdAt: DateTime, answers: Answers },
  { title: 'Enquiry' },
);

export const ListSubmissionsQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Submissions to return.' }),
    formId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "Only this form's submissions." })),
  },
  { additionalProperties: false },
);

export const SubmissionListResponse = DataEnvelope(Type.Array(Submission));
export const EnquiryListResponse = DataEnvelope(Type.Array(Enquiry));
export const EnquiryListQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }) },
  { additionalProperties: false },
);
