/**
 * jsdom ships no types and @types/jsdom is not a dependency: only the constructor and the window DOMPurify
 * takes are used (sanitize-html.ts), so only they are declared.
 */
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';
  export class JSDOM {
    constructor(html?: string);
    readonly window: WindowLike;
  }
}
