import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { guardedLookup, isPublicAddress, PrivateTargetError } from './target.guard.js';
import { signatureHeader } from './webhook.signing.js';
import { ATTEMPT_TIMEOUT_MS, EXCERPT_LENGTH } from './webhooks.types.js';

export interface SendInput {
  url: string;
  secret: string;
  eventId: string;
  body: string;
  timestampSeconds: number;
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  excerpt: string | null;
}

/**
 * Sends one signed delivery. Redirects are not followed; private targets are refused at connect time.
 * The HTTP client loads with the first delivery: a server that sends none never loads it.
 */
export class WebhookSender {
  private client: Promise<{ agent: Agent; request: typeof import('undici').request }> | undefined;

  constructor(private readonly allowPrivate: boolean) {}

  private connect() {
    this.client ??= import('undici').then(({ Agent, request }) => ({
      request,
      agent: new Agent({
        connect: { timeout: ATTEMPT_TIMEOUT_MS, ...(this.allowPrivate ? {} : { lookup: guardedLookup }) },
        headersTimeout: ATTEMPT_TIMEOUT_MS,
        bodyTimeout: ATTEMPT_TIMEOUT_MS,
      }),
    }));
    return this.client;
  }

  async send(input: SendInput): Promise<SendResult> {
    const host = new URL(input.url).hostname.replace(/^\[(.*)\]$/, '$1');
    if (!this.allowPrivate && isIP(host) && !isPublicAddress(host)) {
      return { ok: false, status: null, error: new PrivateTargetError(host).message, excerpt: null };
    }
    const { agent, request } = await this.connect();
    try {
      const response = await request(input.url, {
        method: 'POST',
        dispatcher: agent,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'qrelay-webhooks/1',
          'webhook-id': input.eventId,
          'webhook-timestamp': String(input.timestampSeconds),
          'webhook-signature': signatureHeader(input.secret, input.eventId, input.timestampSeconds, input.body),
        },
        body: input.body,
      });
      const excerpt = await readExcerpt(response.body);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { ok, status: response.statusCode, error: ok ? null : `HTTP ${response.statusCode}`, excerpt };
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      const message =
        cause instanceof PrivateTargetError ? cause.message : error instanceof Error ? error.message : String(error);
      return { ok: false, status: null, error: message.slice(0, 200), excerpt: null };
    }
  }

  async close(): Promise<void> {
    if (this.client) await (await this.client).agent.close();
  }
}

/** Reads at most a small excerpt of a response, then stops reading. */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string | null> {
  let text = '';
  try {
    for await (const chunk of body) {
      text += chunk.toString('utf8');
      if (text.length >= EXCERPT_LENGTH) break;
    }
  } catch {
    // The excerpt is informational only.
  } finally {
    body.destroy();
  }
  return text ? text.slice(0, EXCERPT_LENGTH) : null;
}
