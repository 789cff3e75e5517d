/** Server-rendered HTML: the only place pages are made. */
export { renderDocument } from './document.js';
export { CARD_STYLE, Layout, type LayoutProps } from './layout.js';
export { ErrorSummary, errorId, Field, type FieldErrors, type FieldProps } from './form.js';
