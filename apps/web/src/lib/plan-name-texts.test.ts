import { planName } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import it_ from "../locales/it.json";

const translator = (texts: { plans: Record<string, string> }) => (key: string) =>
  texts.plans[key.replace("plans.", "")] ?? key;

describe("planName with the app's texts", () => {
  it.each([
    ["free", "Free", en, "Free"],
    ["unlimited", "Unlimited", en, "Unlimited"],
    ["free", "Free", it_, "Gratuito"],
    ["unlimited", "Unlimited", it_, "Illimitato"],
    ["enterprise", "Enterprise", it_, "Enterprise"],
  ] as const)("shows the %s plan (named %s by the server) as the reader's word", (code, name, texts, shown) => {
    expect(planName({ code, name }, translator(texts))).toBe(shown);
  });
});
