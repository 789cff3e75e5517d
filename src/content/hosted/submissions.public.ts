import { iso } from '../../lib/clock.js';
import type { Answer, Submission } from './content.types.js';

/** A form's submission as integrations see it: on the API, in webhook payloads and over MCP. */
export interface PublicSubmission {
  id: string;
  formId: string;
  createdAt: string;
  answers: Record<string, Answer>;
}

/** A card's enquiry as integrations see it. */
export interface PublicEnquiry {
  id: string;
  cardId: string;
  createdAt: string;
  answers: Record<string, Answer>;
}

export const publicSubmission = (s: Submission): PublicSubmission => ({
  id: s.id,
  formId: s.contentId,
  createdAt: iso(s.createdAt),
  answers: s.answers,
});

export const publicEnquiry = (s: Submission): PublicEnquiry => ({
  id: s.id,
  cardId: s.contentId,
  createdAt: iso(s.createdAt),
  answers: s.answers,
});
