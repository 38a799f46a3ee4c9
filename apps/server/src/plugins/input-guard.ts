import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const UNICODE_MESSAGE = 'Text must be valid Unicode';

// Half of a surrogate pair without its other half: JSON can carry one as an escape ("\ud800"), but it is
// no character, and PostgreSQL's jsonb refuses it (text columns would silently store U+FFFD instead).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const problemOf = (text: string): string | null =>
  text.includes('\u0000') ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? UNICODE_MESSAGE : null;

/** The first text in a parsed query, path or body that no column can store: where it sits ('' for the top) and why. */
export function findUnstorableText(value: unknown): { path: string; message: string } | null {
  // A walk with its own stack: a deeply nested body must not overflow the call stack.
  const pending: [unknown, string][] = [[value, '']];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [current, path] = item;
    if (typeof current === 'string') {
      const message = problemOf(current);
      if (message) return { path, message };
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        const message = problemOf(key);
        if (message) return { path: childPath, message };
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate, so either in a param
 * would fail in the database as a 500. No field of ours has a use for them: every call refuses them before
 * its handler runs, whatever its contract schema says, so a call added later is covered too.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.query, request.params, request.body]) {
      const found = findUnstorableText(part);
      // `error` too: the chat shows a refused send's data.error (SPEC §8).
      if (found) throw badRequest(found.message, { error: found.message, issues: [found] });
    }
  });
}
