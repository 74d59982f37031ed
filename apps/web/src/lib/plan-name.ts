import type { Plan } from "@timetrap/domain";
import type { TFunction } from "i18next";

/**
 * A plan's name in the reader's language, by the plan's code (the server's plans are data named in English, decision
 * 036); a plan added later without a text here keeps the name the server gives it.
 */
export function planName(plan: Pick<Plan, "code" | "name">, t: TFunction): string {
  switch (plan.code) {
    case "free":
      return t("plans.free");
    case "unlimited":
      return t("plans.unlimited");
    default:
      return plan.name;
  }
}
