import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the editor formatting', () => {
    const html = '<h2>Hi</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>one</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, handlers, iframes and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">a<script>alert(1)</script></p><iframe src="https://e.test"></iframe><a href="javascript:alert(1)">b</a><img src=x onerror="alert(1)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|iframe|javascript:/i);
    expect(out).toContain('<p>a</p>');
    expect(out).toContain('<a>b</a>');
  });

  it('keeps images only from http(s) or exactly one of our uploads', () => {
    const upload = '/media/editor/0123456789abcdef0123456789abcdef.png';
    expect(sanitizeHtml('<img src="https://cdn.test/a.png">')).toBe('<img src="https://cdn.test/a.png">');
    expect(sanitizeHtml(`<img src="${upload}">`)).toBe(`<img src="${upload}">`);
    // Anything else under /media/ could climb out of it once prefixed with PUBLIC_URL in the mail.
    expect(sanitizeHtml('<img src="/media/../unsubscribe/abc">')).toBe('');
    expect(sanitizeHtml('<img src="/media/editor/abc.png">')).toBe('');
    expect(sanitizeHtml('<img src="/media/secret/0123456789abcdef0123456789abcdef.png">')).toBe('');
    expect(sanitizeHtml('<a href="/media/../api/admin">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml(`<a href="${upload}">x</a>`)).toBe(
      `<a href="${upload}" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeHtml('<img src="/api/admin/x.png">')).toBe('');
    expect(sanitizeHtml('<img src="file:///etc/passwd">')).toBe('');
  });

  it('opens links in a new tab without a referrer', () => {
    expect(sanitizeHtml('<a href="https://shop.test">x</a>')).toBe(
      '<a href="https://shop.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
