// One delivery to a notification channel: the request (where, and the service's own body for the
// event) and what its answer means. Everything else, retries, the log, health and fairness, is the
// webhook machinery's (dispatcher.ts): a channel is a webhook endpoint with another body.
import type { ClaimedDelivery } from './deliveries';
import { channelBody } from './channel-formats';
import type { ChannelKind } from './channel-kinds';
import { channelNotice } from './channel-messages';
import { channelRequestUrl } from './channel-target';
import type { PostResult } from './post-webhook';

export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

type ChannelClaim = Pick<ClaimedDelivery, 'type' | 'occurred_at' | 'data' | 'chat_id' | 'name' | 'link_host'> & { kind: ChannelKind };

/** The URL to POST to and the JSON body, for a claimed delivery of a channel whose target is opened. */
export function channelRequest(claim: ChannelClaim, target: string, telegramApiUrl: string): { url: string; body: string } {
  const notice = channelNotice({ type: claim.type, occurredAt: claim.occurred_at, data: claim.data, linkHost: claim.link_host, channelName: claim.name });
  return {
    url: channelRequestUrl(claim.kind, target, telegramApiUrl),
    body: JSON.stringify(channelBody(claim.kind, notice, { chatId: claim.chat_id })),
  };
}

/**
 * The attempt's outcome as the service means it: the Bot API answers {ok: false, description} for a
 * refused message (whatever the HTTP status), and the services' reasons are added to a failure's
 * error so the delivery log says why ("chat not found", "invalid_token").
 */
export function channelOutcome(kind: ChannelKind, result: PostResult): PostResult {
  if (result.statusCode === null) return result;
  const reason = serviceReason(result.body);
  if (kind === 'telegram' && reason?.ok === false)
    return { ...result, ok: false, error: `Telegram refused it: ${reason.text ?? 'no description'}${reason.code ? ` (${reason.code})` : ''}` };
  if (!result.ok && reason?.text) return { ...result, error: `${result.error}: ${reason.text}` };
  return result;
}

function serviceReason(body: string): { ok?: unknown; text: string | null; code?: unknown } | null {
  const text = body.trim();
  if (!text) return null;
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    // Telegram: {ok, error_code, description}; Discord: {message, code}; Teams/Power Automate: {error: {message}}.
    const message = j.description ?? j.message ?? (j.error as { message?: unknown } | undefined)?.message;
    return { ok: j.ok, text: typeof message === 'string' ? message.slice(0, 200) : null, code: j.error_code ?? j.code };
  } catch {
    // Slack answers plain words: "ok", "invalid_token", "channel_is_archived".
    return { text: text.length <= 100 ? text : null };
  }
}
