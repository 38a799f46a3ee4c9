import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MarketingService } from './marketing.service';
import { UNSUBSCRIBE_ROUTE } from './unsubscribe.path';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (productName: string, heading: string, text: string, form = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(heading)} · ${escapeHtml(productName)}</title></head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${form}</main></body></html>`;

/** The GET page's one button: a plain form POST to the same address (no script; the CSRF guard lets it by). */
const CONFIRM_FORM =
  '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>';

/** A token as the send makes it: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The largest one-click body we read: RFC 8058's is `List-Unsubscribe=One-Click`, a multipart one a little more. */
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * The public unsubscribe page every marketing email links to (ADR 0023). A GET writes nothing: it shows
 * whose link it is and an Unsubscribe button, because mail scanners and link prefetchers (Safe Links, corporate
 * gateways) open every link in a mail, and a GET that unsubscribed would opt merchants out unasked. The button
 * POSTs to the same address.
 *
 * The POST is RFC 8058's one-click unsubscribe: the mail provider (not a browser of ours) posts
 * `List-Unsubscribe=One-Click` to the URL of the mail's List-Unsubscribe header, with no session and no CSRF
 * header. The token in the path is the whole authority, so the body is read (urlencoded or multipart, as
 * providers differ) but not required; it writes the same opt-out, idempotently, and answers the same page.
 */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  deps: { marketing: MarketingService; productName: string },
) {
  const notValid = (reply: FastifyReply) =>
    reply
      .status(404)
      .send(
        page(
          deps.productName,
          'Link not valid',
          'This unsubscribe link is not valid. Check that it was copied whole.',
        ),
      );

  const answer = async (token: string, ip: string, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (token === 'test')
      return page(
        deps.productName,
        'This was a test email',
        'A test send has no recipient, so its link unsubscribes nobody. Each merchant gets a link of their own.',
      );
    const done = TOKEN.test(token) ? await deps.marketing.unsubscribe(token, ip) : null;
    if (!done) return notValid(reply);
    return page(
      deps.productName,
      'You are unsubscribed',
      done.already
        ? `${done.email} was already unsubscribed: it receives no marketing emails from ${deps.productName}.`
        : `${done.email} will receive no more marketing emails from ${deps.productName}.`,
    );
  };

  app.get<{ Params: { token: string } }>(UNSUBSCRIBE_ROUTE, async (request, reply) => {
    const { token } = request.params;
    if (token === 'test') return answer(token, request.ip, reply);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const status = TOKEN.test(token) ? await deps.marketing.unsubscribeStatus(token) : null;
    if (!status) return notValid(reply);
    if (status.already)
      return page(
        deps.productName,
        'You are unsubscribed',
        `${status.email} was already unsubscribed: it receives no marketing emails from ${deps.productName}.`,
      );
    return page(
      deps.productName,
      'Unsubscribe from marketing emails?',
      `${status.email} receives marketing emails from ${deps.productName}. Unsubscribe to receive none from now on.`,
      CONFIRM_FORM,
    );
  });

  // Its own scope, so only this route reads form bodies (the app's calls take JSON and multipart uploads).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    scope.post<{ Params: { token: string } }>(UNSUBSCRIBE_ROUTE, (request, reply) =>
      answer(request.params.token, request.ip, reply),
    );
  });
}
