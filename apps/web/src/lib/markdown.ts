/**
 * A deliberately small markdown reader for the changelog and the public documents (terms, privacy,
 * help): headings, paragraphs, bullet and numbered lists (nested by indentation), block quotes, fenced
 * code, rules, and inline code, bold, italics and links. It builds a tree of plain values; the view
 * renders them as React elements, so no text (from the server or a bundled file) is ever interpreted
 * as HTML.
 */
export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export interface ListItem {
  children: Inline[];
  sublist: Block | null;
}

export type Block =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: ListItem[] }
  | { type: "quote"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "rule" };

const inlinePattern =
  /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\[([^\]]+)\]\(([^)\s]+)\)|<(https?:\/\/[^>\s]+)>|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_/g;

/** Only web, mail and same-site links are kept; anything else (javascript:, data:) stays plain text. */
export function safeHref(href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  if (href.startsWith("#")) return href;
  return null;
}

export function parseInline(source: string): Inline[] {
  const result: Inline[] = [];
  let last = 0;
  for (const match of source.matchAll(inlinePattern)) {
    const index = match.index ?? 0;
    if (index > last) result.push({ type: "text", text: source.slice(last, index) });
    const [whole, code, strong, strongAlt, linkText, linkHref, autolink, em, emAlt] = match;
    if (code !== undefined) result.push({ type: "code", text: code });
    else if (strong !== undefined || strongAlt !== undefined)
      result.push({ type: "strong", children: parseInline(strong ?? strongAlt ?? "") });
    else if (linkText !== undefined && linkHref !== undefined) {
      const href = safeHref(linkHref);
      result.push(href ? { type: "link", href, children: parseInline(linkText) } : { type: "text", text: whole });
    } else if (autolink !== undefined)
      result.push({ type: "link", href: autolink, children: [{ type: "text", text: autolink }] });
    else if (em !== undefined || emAlt !== undefined)
      result.push({ type: "em", children: parseInline(em ?? emAlt ?? "") });
    last = index + whole.length;
  }
  if (last < source.length) result.push({ type: "text", text: source.slice(last) });
  return result;
}

const headingLine = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const bulletLine = /^(\s*)[-*+]\s+(.*)$/;
const orderedLine = /^(\s*)\d+[.)]\s+(.*)$/;
const ruleLine = /^\s*([-*_])(\s*\1){2,}\s*$/;
const fenceLine = /^\s*(```|~~~)/;

interface RawItem {
  indent: number;
  ordered: boolean;
  text: string;
}

function buildList(items: RawItem[]): Block {
  const first = items[0];
  const list: Block & { type: "list" } = { type: "list", ordered: first?.ordered ?? false, items: [] };
  const baseIndent = first?.indent ?? 0;
  let index = 0;
  while (index < items.length) {
    const item = items[index];
    if (!item) break;
    const nested: RawItem[] = [];
    let next = index + 1;
    while (next < items.length && (items[next]?.indent ?? 0) > baseIndent) {
      const child = items[next];
      if (child) nested.push(child);
      next += 1;
    }
    list.items.push({ children: parseInline(item.text), sublist: nested.length > 0 ? buildList(nested) : null });
    index = next;
  }
  return list;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let listItems: RawItem[] = [];
  let quote: string[] = [];

  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    if (listItems.length) blocks.push(buildList(listItems));
    if (quote.length) blocks.push({ type: "quote", children: parseInline(quote.join(" ")) });
    paragraph = [];
    listItems = [];
    quote = [];
  };

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? "";
    if (fenceLine.test(line)) {
      flush();
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !fenceLine.test(lines[i] ?? "")) {
        code.push(lines[i] ?? "");
        i += 1;
      }
      blocks.push({ type: "code", text: code.join("\n") });
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    const heading = headingLine.exec(line);
    if (heading) {
      flush();
      const level = (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: "heading", level, children: parseInline(heading[2] ?? "") });
      continue;
    }
    if (ruleLine.test(line)) {
      flush();
      blocks.push({ type: "rule" });
      continue;
    }
    const bullet = bulletLine.exec(line) ?? orderedLine.exec(line);
    if (bullet) {
      const ordered = !bulletLine.test(line);
      const indent = bullet[1]?.length ?? 0;
      const first = listItems[0];
      // A top-level item of the other kind (bullets after numbers or the reverse) starts a new list.
      if (paragraph.length || quote.length || (first && indent <= first.indent && first.ordered !== ordered)) flush();
      listItems.push({ indent, ordered, text: bullet[2] ?? "" });
      continue;
    }
    if (line.trimStart().startsWith(">")) {
      if (paragraph.length || listItems.length) flush();
      quote.push(line.trimStart().replace(/^>\s?/, ""));
      continue;
    }
    const lastItem = listItems[listItems.length - 1];
    if (lastItem && /^\s+/.test(line)) {
      // An indented line continues the list item above it.
      lastItem.text = `${lastItem.text} ${line.trim()}`;
      continue;
    }
    if (listItems.length || quote.length) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
