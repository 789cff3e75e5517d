import type { FormField } from '../../content/index.js';

/** The honeypot: a field people never see or fill in (hidden from sight and from assistive technology). */
export const HONEYPOT = 'website_url';

/** The enquiry form of a card page: what `GET /enquiries` returns as answers. */
export const ENQUIRY_FIELDS: readonly FormField[] = [
  { key: 'name', label: 'Your name', type: 'text', required: true },
  { key: 'email', label: 'Your e-mail', type: 'email', required: true },
  { key: 'message', label: 'Message', type: 'textarea', required: true },
];
