// The mail an owner gets when Sling turns their failing endpoint off.
import { sendMail } from '../mail/send-mail';

export async function notifyWebhookDisabled(notice: { email: string | null; url: string; reason: string }, baseUrl: string): Promise<void> {
  if (!notice.email) return;
  await sendMail({
    kind: 'webhook-disabled',
    to: notice.email,
    subject: 'Your Sling webhook was turned off',
    text: [
      `Sling stopped sending events to ${notice.url}.`,
      '',
      notice.reason,
      '',
      `Check the endpoint, then turn the webhook back on in Settings → Webhooks (${baseUrl}/settings/webhooks).`,
      'Events that happen while it is off are not delivered; deliveries still waiting resume when it is on again.',
    ].join('\n'),
  });
}
