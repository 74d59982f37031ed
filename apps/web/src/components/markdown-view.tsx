import { Anchor, Blockquote, Code, Divider, List, type MantineSize, Stack, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { type Block, type Inline, parseMarkdown } from "../lib/markdown";

/**
 * How a document sits on screen:
 * - `dialog`: inside a modal whose title is the page heading, so the document's "#" becomes an h2;
 * - `page`: a reading page whose h1 is drawn outside the document, so the document's "##" sections are h2.
 */
export type MarkdownVariant = "dialog" | "page";

interface VariantStyle {
  /** The HTML level of the document's "#". */
  topOrder: number;
  headingSize: Record<1 | 2 | 3 | 4 | 5 | 6, number>;
  textSize: MantineSize;
  lineHeight: number;
  gap: number;
  listSpacing: number;
}

const variants: Record<MarkdownVariant, VariantStyle> = {
  dialog: {
    topOrder: 2,
    headingSize: { 1: 22, 2: 18, 3: 16, 4: 15, 5: 14, 6: 14 },
    textSize: "sm",
    lineHeight: 1.55,
    gap: 8,
    listSpacing: 4,
  },
  page: {
    topOrder: 1,
    headingSize: { 1: 28, 2: 21, 3: 17, 4: 16, 5: 15, 6: 15 },
    textSize: "md",
    lineHeight: 1.7,
    gap: 14,
    listSpacing: 6,
  },
};

function headingOrder(level: number, style: VariantStyle): 1 | 2 | 3 | 4 | 5 | 6 {
  return Math.min(6, level - 1 + style.topOrder) as 1 | 2 | 3 | 4 | 5 | 6;
}

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map(renderInlineNode);
}

function renderInlineNode(node: Inline, index: number): ReactNode {
  const key = `${node.type}-${index}`;
  switch (node.type) {
    case "text":
      return <Fragment key={key}>{node.text}</Fragment>;
    case "code":
      // Relative to the surrounding text, so code reads at the same scale in a dialog and on a page.
      return (
        <Code key={key} fz="0.875em">
          {node.text}
        </Code>
      );
    case "strong":
      return <strong key={key}>{renderInline(node.children)}</strong>;
    case "em":
      return <em key={key}>{renderInline(node.children)}</em>;
    case "link":
      // Pages of this app stay in the tab and in the router; everything else opens beside it.
      if (node.href.startsWith("/")) {
        return (
          <Anchor key={key} component={Link} to={node.href} inherit>
            {renderInline(node.children)}
          </Anchor>
        );
      }
      if (node.href.startsWith("#")) {
        return (
          <Anchor key={key} href={node.href} inherit>
            {renderInline(node.children)}
          </Anchor>
        );
      }
      return (
        <Anchor key={key} href={node.href} target="_blank" rel="noopener noreferrer" inherit>
          {renderInline(node.children)}
        </Anchor>
      );
  }
}

function renderBlock(block: Block, index: number, style: VariantStyle): ReactNode {
  const key = `${block.type}-${index}`;
  switch (block.type) {
    case "heading": {
      const order = headingOrder(block.level, style);
      return (
        <Title
          key={key}
          order={order}
          fz={style.headingSize[block.level]}
          mt={order <= style.topOrder + 1 ? "md" : "xs"}
          lh={1.3}
        >
          {renderInline(block.children)}
        </Title>
      );
    }
    case "paragraph":
      return (
        <Text key={key} size={style.textSize} lh={style.lineHeight}>
          {renderInline(block.children)}
        </Text>
      );
    case "list":
      return (
        <List
          key={key}
          type={block.ordered ? "ordered" : "unordered"}
          size={style.textSize}
          lh={style.lineHeight}
          spacing={style.listSpacing}
          withPadding
        >
          {block.items.map((item, itemIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their order
            <List.Item key={itemIndex}>
              {renderInline(item.children)}
              {item.sublist && renderBlock(item.sublist, 0, style)}
            </List.Item>
          ))}
        </List>
      );
    case "quote":
      return (
        <Blockquote key={key} p="sm" fz={style.textSize}>
          {renderInline(block.children)}
        </Blockquote>
      );
    case "code":
      return (
        <Code key={key} block>
          {block.text}
        </Code>
      );
    case "rule":
      return <Divider key={key} />;
  }
}

export function MarkdownView({
  source,
  variant = "dialog",
  skipLeadingTitle = false,
}: {
  source: string;
  variant?: MarkdownVariant;
  skipLeadingTitle?: boolean;
}) {
  const style = variants[variant];
  const blocks = parseMarkdown(source);
  // A document that opens with its own "# Changelog" would repeat the dialog's title.
  const shown = skipLeadingTitle && blocks[0]?.type === "heading" && blocks[0].level === 1 ? blocks.slice(1) : blocks;
  return <Stack gap={style.gap}>{shown.map((block, index) => renderBlock(block, index, style))}</Stack>;
}
