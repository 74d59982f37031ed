import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PublicConfig } from "@timetrap/domain";
import { type AppConfig, repositoryRoot } from "../../config.js";

/** The product version is the root package's, the one the web shows in its footer. */
export function readAppVersion(): string {
  const { version } = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")) as { version: string };
  return version;
}

export function getPublicConfig({ config, version }: { config: AppConfig; version: string }): PublicConfig {
  return {
    version,
    googleClientId: config.googleClientId,
    chatScriptUrl: config.chatScriptUrl,
    tagManagerUrl: config.tagManagerUrl,
    termsUrl: config.termsUrl,
    privacyUrl: config.privacyUrl,
    knowledgeBaseUrl: config.knowledgeBaseUrl,
  };
}
