/**
 * Leaves the app for the service's consent page; the service sends the browser back to the API's callback, which
 * returns it to the integrations page. A module of its own so that page tests can see where the browser was sent.
 */
export function openConsentPage(url: string): void {
  window.location.assign(url);
}
