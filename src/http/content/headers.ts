import { embedAddress, hasChallenge, type Content, type FormDocument, type PageDocument } from '../../content/index.js';

/**
 * Headers of a hosted content page: not cached (a change shows at once), no script at all, forms
 * posted only to the service itself (and a form's own thank-you address), frames only from the video
 * players a page embeds. A form that asks for the proof-of-work challenge runs one script,
 * the widget qrelay serves itself, whose workers start from blob: addresses and which fetches its
 * challenge from the same origin. A `preview` (the dashboard's, of a draft) may be framed by the dashboard.
 */
export function contentHeaders(content?: Content<unknown>, preview = false): Record<string, string> {
  const formAction = ["'self'"];
  const frames: string[] = [];
  const scripts: string[] = [];
  if (content?.kind === 'form') {
    const form = content.document as FormDocument;
    if (form.redirectUrl) formAction.push(new URL(form.redirectUrl).origin);
    if (hasChallenge(form)) scripts.push("script-src 'self'", 'worker-src blob:', "connect-src 'self'");
  }
  if (content?.kind === 'page') {
    for (const block of (content.document as PageDocument).blocks) {
      const embed = block.type === 'video' ? embedAddress(block.url) : null;
      if (embed) frames.push(new URL(embed).origin);
    }
  }
  const csp = [
    "default-src 'none'",
    ...scripts,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action ${formAction.join(' ')}`,
    `frame-src ${frames.length > 0 ? [...new Set(frames)].join(' ') : "'none'"}`,
    // A preview is framed by the dashboard only, and sandboxed: its form cannot be sent.
    preview ? "frame-ancestors 'self'; sandbox" : "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return { 'cache-control': 'no-store', 'content-security-policy': csp, 'referrer-policy': 'strict-origin-when-cross-origin' };
}
