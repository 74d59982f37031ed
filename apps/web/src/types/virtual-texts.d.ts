/** The texts in parts (bundle/text-parts-plugin.ts). */
declare module "virtual:texts" {
  type Loader = () => Promise<{ default: Record<string, unknown> }>;
  type SignedInPart = "rest" | import("../lib/i18n-parts").TextArea;
  export const signedOutLoaders: Record<"it" | "en", Record<"signed-out", Loader>>;
  export const signedInLoaders: () => Promise<Record<"it" | "en", Record<SignedInPart, Loader>>>;
}
