export declare function parseHeaders(head: string): Record<string, string>;
export declare function decodeQuotedPrintable(text: string): string;
export declare function parseMessage(raw: string): {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
};
