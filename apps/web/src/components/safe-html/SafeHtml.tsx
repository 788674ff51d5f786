import DOMPurify from 'dompurify';

/** Formatting tags only: no links, images, styles, forms or scripts survive. */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'small', 'br', 'span', 'p', 'ul', 'ol', 'li', 'sub', 'sup', 'mark'];

/** Server HTML made safe to render (no script may reach the page): everything outside the allow-list is dropped. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}

/** Renders a server HTML cell, sanitised first. */
export function SafeHtml({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
