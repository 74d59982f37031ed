/** A part of a language's texts (bundle/text-parts-plugin.ts). */
declare module "virtual:texts/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
