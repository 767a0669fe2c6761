/** Escapes text for HTML the server writes itself (error page, API reference, dev mail page). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
