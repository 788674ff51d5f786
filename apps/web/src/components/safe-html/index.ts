export { htmlToText, sanitizeHtml, SafeHtml } from './SafeHtml';
