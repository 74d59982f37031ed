import { Alert } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { freePlanCode, planName, type SubscriptionPlan } from "@timetrap/domain";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useOrganizationSubscription, useRefreshPlanGating, useSubscriptionPlans } from "../../../api/subscription";
import { FormPage, PageHeader } from "../../../components/page-header";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { CurrentPlanCard } from "./current-plan-card";
import { DowngradeDialog } from "./downgrade-dialog";
import { type PickerStep, PlanPicker } from "./plan-picker";

/** How often the page asks for the organization's plan while Paddle's webhook is awaited. */
const activationPollMs = 2000;
/** After this long the activating state says that the wait is longer than usual (the plan still follows the webhook). */
const activationSlowMs = 30_000;

/** Spec part 2 §2 "Subscription" (/organization/{orgId}/subscription), for people who can edit the organization. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const can = useCan();
  if (!can("edit", "organization")) {
    return (
      <FormPage>
        <PageHeader title={t("subscription.title")} />
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {t("subscription.noAccess")}
        </Alert>
      </FormPage>
    );
  }
  return <SubscriptionScreen />;
}

function SubscriptionScreen() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [step, setStep] = useState<PickerStep>({ kind: "plans" });
  const [downgradeOpen, setDowngradeOpen] = useState(false);
  // A paid checkout completed: the plan paid for, until Paddle's webhook has put the organization on it (it may have come
  // before the browser heard of the payment: the wait ends as soon as the organization is on that plan).
  const [activating, setActivating] = useState<SubscriptionPlan | null>(null);
  const [activatingSlow, setActivatingSlow] = useState(false);
  const plans = useSubscriptionPlans();
  const subscription = useOrganizationSubscription(orgId, { pollMs: activating ? activationPollMs : false });
  const refreshPlanGating = useRefreshPlanGating();

  const currentCode = subscription.data?.plan.code;
  useEffect(() => {
    if (!activating || currentCode !== activating.code) return;
    setActivating(null);
    setStep({ kind: "plans" });
    notifySuccess({
      message: t("subscription.activated", { plan: subscription.data ? planName(subscription.data.plan, t) : "" }),
    });
    void refreshPlanGating();
  }, [activating, currentCode, subscription.data, refreshPlanGating, t]);

  useEffect(() => {
    if (!activating) return;
    setActivatingSlow(false);
    const timer = setTimeout(() => setActivatingSlow(true), activationSlowMs);
    return () => clearTimeout(timer);
  }, [activating]);

  const paymentFailed = (closed: boolean) => {
    notifyError({ title: t("subscription.paymentError.title"), message: t("subscription.paymentError.message") });
    // A closed checkout takes nothing more: back to the plans. After a refused card Paddle lets another be tried.
    if (closed) setStep({ kind: "plans" });
  };

  let content: ReactNode;
  if (subscription.isPending || plans.isPending) {
    content = <LoadingState />;
  } else if (subscription.isError || plans.isError) {
    content = (
      <LoadErrorState
        title={t("subscription.loadError")}
        error={subscription.error ?? plans.error}
        onRetry={() => {
          void subscription.refetch();
          void plans.refetch();
        }}
      />
    );
  } else {
    const freePlan = plans.data.plans.find((plan) => plan.code === freePlanCode);
    content = (
      <>
        <CurrentPlanCard subscription={subscription.data} onChangePlan={() => setPickerOpen(true)} />
        <PlanPicker
          opened={pickerOpen}
          onClose={() => {
            setPickerOpen(false);
            setStep({ kind: "plans" });
          }}
          step={step}
          onStep={setStep}
          plans={plans.data}
          subscription={subscription.data}
          organizationId={orgId}
          activating={activating?.name ?? null}
          activatingSlow={activatingSlow}
          onCompleted={(plan) => {
            setActivating(plan);
            // Asked at once too: the webhook may be there already.
            void subscription.refetch();
          }}
          onFailed={paymentFailed}
          onDowngrade={() => setDowngradeOpen(true)}
        />
        <DowngradeDialog
          opened={downgradeOpen}
          onClose={() => setDowngradeOpen(false)}
          organizationId={orgId}
          freePlanName={freePlan ? planName(freePlan, t) : t("plans.free")}
        />
      </>
    );
  }

  return (
    <FormPage>
      <PageHeader title={t("subscription.title")} description={t("subscription.description")} />
      {content}
    </FormPage>
  );
}
