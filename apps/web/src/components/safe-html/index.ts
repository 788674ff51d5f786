export { htmlToText, SafeHtml } from './SafeHtml';
