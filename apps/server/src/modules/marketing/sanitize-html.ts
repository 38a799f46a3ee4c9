import { FILE_EXTS, FILE_STORES } from '@bo/contract';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * The one place HTML typed in the editor is made safe (ADR 0023): on save and again on send, so a row
 * written before a rule changed is still cleaned. DOMPurify over a jsdom window, once per process.
 */
const purify = createDOMPurify(new JSDOM('').window);

/**
 * One of our uploads exactly as GET /media serves it (ADR 0024): a store, 32 hex digits and a sniffed
 * extension. Nothing looser: '/media/../unsubscribe/…' would otherwise pass and be sent under PUBLIC_URL.
 */
const MEDIA_PATH = `/media/(?:${FILE_STORES.join('|')})/[0-9a-f]{32}\\.(?:${FILE_EXTS.join('|')})`;
/** Where an image may come from: the web (http, https) or our own uploads. */
const IMAGE_SOURCE = new RegExp(`^(?:https?://[^\\s]+|${MEDIA_PATH})$`, 'i');
/** Links: the web, mail and our uploads; javascript:, data: and the like are dropped by DOMPurify's URI check. */
const ALLOWED_URI = new RegExp(`^(?:https?:|mailto:|${MEDIA_PATH}$)`, 'i');

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    if (!IMAGE_SOURCE.test(src)) node.parentNode?.removeChild(node);
  }
  if (node.nodeName === 'A' && node.getAttribute('href')) {
    // A link opens away from the mail or page it sits in and is not told where it came from.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const CONFIG = {
  // Scripts, frames, forms, embeds and styles never survive; nor does any on* handler (DOMPurify's default).
  FORBID_TAGS: [
    'iframe',
    'frame',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'style',
    'link',
    'meta',
    'base',
    'svg',
    'math',
  ],
  FORBID_ATTR: ['style', 'srcset'],
  ADD_ATTR: ['target'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
};

/** The body HTML with everything unsafe removed; text outside the allowed markup is kept as text. */
export const sanitizeHtml = (html: string): string => purify.sanitize(html, CONFIG);
