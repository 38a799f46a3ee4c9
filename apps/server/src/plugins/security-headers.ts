import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Mantine writes inline styles. Workers (the bot check's proof of work, Local mode) are the app's own files.
// Images may be object URLs: KYC documents arrive as base64 in an answer and are shown from a blob: (an
// <img> never runs a document's scripts, SVG included).
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Stored files (GET /media/…) are other people's bytes: nothing in them may run or load anything, even if a
 * browser were to render one as a document (ADR 0024).
 */
const MEDIA_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** Sets the headers every answer carries; also used for the router's refusals, which skip the hooks. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('content-security-policy', request.url.startsWith('/media/') ? MEDIA_CSP : CSP);
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => setSecurityHeaders(request, reply));
}
