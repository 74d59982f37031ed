import type { Plan, SubscriptionStatus, UnitType } from "@timetrap/domain";
import type { TFunction } from "i18next";
import { formatDate, formatEuro } from "../../../lib/format";
import { monthlyEuro, type UnitAllowance } from "../lib/plan-units";

const unitNames = {
  USER: "subscription.units.USER",
  PROJECT: "subscription.units.PROJECT",
  INTEGRATION: "subscription.units.INTEGRATION",
  TEAM_DASHBOARD: "subscription.units.TEAM_DASHBOARD",
} as const satisfies Record<UnitType, string>;

export function unitName(t: TFunction, unit: UnitType): string {
  return t(unitNames[unit]);
}

/** A plan's allowance of a unit, as its card lists it: "Up to 5", "2 per person", "Unlimited", "Included". */
export function allowanceText(t: TFunction, allowance: UnitAllowance): string {
  if (allowance.unit === "TEAM_DASHBOARD") {
    return allowance.kind === "excluded"
      ? t("subscription.allowance.notIncluded")
      : t("subscription.allowance.included");
  }
  switch (allowance.kind) {
    case "excluded":
      return t("subscription.allowance.notIncluded");
    case "unlimited":
      return t("subscription.allowance.unlimited");
    case "limited":
      return allowance.perPerson
        ? t("subscription.allowance.perPerson", { limit: allowance.limit })
        : t("subscription.allowance.upTo", { limit: allowance.limit });
  }
}

/** The plan's price: "€49.00 per month", or "Free". */
export function priceText(t: TFunction, plan: Pick<Plan, "subscription">): string {
  const euro = monthlyEuro(plan);
  return euro === null ? t("subscription.free") : t("subscription.perMonth", { price: formatEuro(euro) });
}

/** An ISO instant (or date) as the app writes dates: dd/MM/yyyy. */
export function dateText(iso: string): string {
  return formatDate(iso.slice(0, 10));
}

const statusNames = {
  none: "subscription.status.active",
  trialing: "subscription.status.trialing",
  active: "subscription.status.active",
  past_due: "subscription.status.pastDue",
  paused: "subscription.status.paused",
  canceled: "subscription.status.canceled",
} as const satisfies Record<SubscriptionStatus, string>;

const statusColours: Record<SubscriptionStatus, string> = {
  none: "teal",
  trialing: "blue",
  active: "teal",
  past_due: "red",
  paused: "gray",
  canceled: "gray",
};

export function statusBadge(t: TFunction, status: SubscriptionStatus): { label: string; color: string } {
  return { label: t(statusNames[status]), color: statusColours[status] };
}
