/** Hosted content: forms, pages and cards with their submissions and public pages, and the media library. Its one door: other contexts and the surfaces import only this file. */
export * from './build.js';
export * from './cards/card.document.js';
export * from './cards/card.vcard.js';
export * from './forms/form.challenge.js';
export * from './forms/form.document.js';
export * from './forms/form.fields.js';
export * from './forms/form.notify.js';
export * from './hosted/content-lookup.js';
export * from './hosted/content.address.js';
export * from './hosted/content.document.js';
export * from './hosted/content.service.js';
export * from './hosted/content.types.js';
export * from './hosted/public-content.service.js';
export * from './hosted/submissions.public.js';
export * from './hosted/submissions.service.js';
export * from './pages/page.blocks.js';
export * from './pages/page.document.js';
