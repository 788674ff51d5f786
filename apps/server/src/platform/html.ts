/** Text made safe inside HTML, between tags or in a quoted attribute (mail bodies, analytics cells, the stand-in portal's pages). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
