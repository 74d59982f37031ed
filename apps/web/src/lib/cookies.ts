/** Minimal cookie helpers: values are URI-encoded, every cookie is site-wide and SameSite=Lax. */
export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(";")) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, options: { maxAgeSeconds?: number } = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, "path=/", "SameSite=Lax"];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  if (window.location.protocol === "https:") parts.push("Secure");
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = parts.join("; ");
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
}
