/** Text for an HTML body: names and links come from people and must not become markup. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);
