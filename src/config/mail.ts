// Outgoing mail: the SMTP server and the sender address.
import { ConfigError, type Env } from './read.js';

export function smtpUrl(env: Env): string | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL', 'is not a valid address');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError('SMTP_URL', 'must start with smtp:// or smtps://');
  if (!url.hostname) throw new ConfigError('SMTP_URL', 'needs a host');
  return raw;
}

export function mailFrom(env: Env, publicUrl: string): string {
  const raw = env.MAIL_FROM?.trim() || `qrelay <no-reply@${new URL(publicUrl).hostname}>`;
  const address = /<([^<>\s]+)>$/.exec(raw)?.[1] ?? raw;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address)) throw new ConfigError('MAIL_FROM', `is not an e-mail address: "${raw}"`);
  return raw;
}
