/**
 * The confirmation slug of a deletion (spec part 2 §2 "Customers"): the delete button's label and the
 * item's name, lower-cased, accents and punctuation removed, runs of spaces turned into one hyphen.
 * `deletionSlug("Elimina", "Caffè Nero S.r.l.")` is `"elimina-caffe-nero-srl"`.
 */
export function deletionSlug(label: string, name: string): string {
  return slugify(`${label} ${name}`);
}

export function slugify(text: string): string {
  return (
    text
      // "è" becomes "e" plus a combining accent, which the next step removes.
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .trim()
      .replace(/[\s-]+/g, "-")
      .replace(/^-+|-+$/g, "")
  );
}
