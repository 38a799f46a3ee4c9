import type { FastifyInstance } from 'fastify';
import { type MarketingService, UNSUBSCRIBE_PATH } from './marketing.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (productName: string, heading: string, text: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(heading)} · ${escapeHtml(productName)}</title></head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;

/** A token as the send makes it: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The public unsubscribe page every marketing email links to (ADR 0023). A GET records the unsubscribe, as
 * the brief of issue 16 asks: the link is followed from a mail client, which cannot send our CSRF header.
 * It is the one GET outside the contract that writes, and writes only this merchant's opt-out (idempotent).
 */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  deps: { marketing: MarketingService; productName: string },
) {
  app.get<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const { token } = request.params;
    if (token === 'test')
      return page(
        deps.productName,
        'This was a test email',
        'A test send has no recipient, so its link unsubscribes nobody. Each merchant gets a link of their own.',
      );
    const done = TOKEN.test(token) ? await deps.marketing.unsubscribe(token, request.ip) : null;
    if (!done)
      return reply
        .status(404)
        .send(
          page(
            deps.productName,
            'Link not valid',
            'This unsubscribe link is not valid. Check that it was copied whole.',
          ),
        );
    return page(
      deps.productName,
      'You are unsubscribed',
      done.already
        ? `${done.email} was already unsubscribed: it receives no marketing emails from ${deps.productName}.`
        : `${done.email} will receive no more marketing emails from ${deps.productName}.`,
    );
  });
}
