import { Anchor, Blockquote, Code, Divider, List, Stack, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { type Block, type Inline, parseMarkdown } from "../markdown";

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map(renderInlineNode);
}

function renderInlineNode(node: Inline, index: number): ReactNode {
  const key = `${node.type}-${index}`;
  switch (node.type) {
    case "text":
      return <Fragment key={key}>{node.text}</Fragment>;
    case "code":
      return <Code key={key}>{node.text}</Code>;
    case "strong":
      return <strong key={key}>{renderInline(node.children)}</strong>;
    case "em":
      return <em key={key}>{renderInline(node.children)}</em>;
    case "link":
      return (
        <Anchor key={key} href={node.href} target="_blank" rel="noopener noreferrer">
          {renderInline(node.children)}
        </Anchor>
      );
  }
}

// In a dialog the document's own levels are shifted down, so "# Changelog" is not a page-sized h1.
const headingOrder = { 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 6 } as const;
const headingSize = { 1: 22, 2: 18, 3: 16, 4: 15, 5: 14, 6: 14 } as const;

function renderBlock(block: Block, index: number): ReactNode {
  const key = `${block.type}-${index}`;
  switch (block.type) {
    case "heading":
      return (
        <Title
          key={key}
          order={headingOrder[block.level]}
          fz={headingSize[block.level]}
          mt={block.level <= 2 ? "md" : "xs"}
        >
          {renderInline(block.children)}
        </Title>
      );
    case "paragraph":
      return (
        <Text key={key} size="sm">
          {renderInline(block.children)}
        </Text>
      );
    case "list":
      return (
        <List key={key} type={block.ordered ? "ordered" : "unordered"} size="sm" spacing={4} withPadding>
          {block.items.map((item, itemIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their order
            <List.Item key={itemIndex}>
              {renderInline(item.children)}
              {item.sublist && renderBlock(item.sublist, 0)}
            </List.Item>
          ))}
        </List>
      );
    case "quote":
      return (
        <Blockquote key={key} p="sm" fz="sm">
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

export function MarkdownView({ source, skipLeadingTitle = false }: { source: string; skipLeadingTitle?: boolean }) {
  const blocks = parseMarkdown(source);
  // A document that opens with its own "# Changelog" would repeat the dialog's title.
  const shown = skipLeadingTitle && blocks[0]?.type === "heading" && blocks[0].level === 1 ? blocks.slice(1) : blocks;
  return <Stack gap={8}>{shown.map(renderBlock)}</Stack>;
}
