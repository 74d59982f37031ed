import { describe, expect, it } from "vitest";
import { deletionSlug, slugify } from "./slug.js";

describe("deletionSlug", () => {
  it.each([
    ["plain words", "Delete", "Acme", "delete-acme"],
    ["Italian accents", "Elimina", "Caffè Nero", "elimina-caffe-nero"],
    ["punctuation is dropped", "Delete", "Rossi & Figli S.r.l.", "delete-rossi-figli-srl"],
    ["runs of spaces become one hyphen", "Delete", "  Big   Co  ", "delete-big-co"],
    ["apostrophes join the words", "Elimina", "L'Oréal Italia", "elimina-loreal-italia"],
    ["digits are kept", "Delete", "Studio 42", "delete-studio-42"],
    ["German and French letters", "Delete", "Müller Française Ñandú", "delete-muller-francaise-nandu"],
    ["existing hyphens are kept once", "Delete", "Rossi - Bianchi", "delete-rossi-bianchi"],
    ["upper case is lowered", "DELETE", "ACME SPA", "delete-acme-spa"],
  ])("%s", (_label, label, name, expected) => {
    expect(deletionSlug(label, name)).toBe(expected);
  });
});

describe("slugify", () => {
  it.each([
    ["", ""],
    ["!!!", ""],
    ["In attesa di fattura", "in-attesa-di-fattura"],
    ["  -Già fatto-  ", "gia-fatto"],
  ])("%j becomes %j", (text, expected) => {
    expect(slugify(text)).toBe(expected);
  });
});
