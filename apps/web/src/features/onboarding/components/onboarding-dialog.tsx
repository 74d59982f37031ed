import { Modal, Stepper } from "@mantine/core";
import { onboardingStep, type User } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useConfig } from "../../../api/get-config";
import { OrganizationStep } from "./organization-step";
import { TermsStep } from "./terms-step";

/**
 * Blocking dialog of spec part 1 §2/§4: terms first, then the organization; it closes by itself once
 * the signed-in user has both (the step is derived from the user, never kept here). `invitations` is what the
 * organization step offers beside creating one: joining an organization that invited the person.
 */
export function OnboardingDialog({ user, invitations }: { user: User; invitations?: ReactNode }) {
  const { t } = useTranslation();
  const config = useConfig();
  const step = onboardingStep(user);

  return (
    <Modal
      opened={step !== null}
      onClose={() => {}}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
      size={540}
      padding="xl"
      radius="lg"
      overlayProps={{ backgroundOpacity: 0.55, blur: 3 }}
    >
      <Stepper active={step === "terms" ? 0 : 1} size="xs" mb="xl" allowNextStepsSelect={false}>
        <Stepper.Step label={t("components.onboarding.stepTerms")} />
        <Stepper.Step label={t("components.onboarding.stepOrganization")} />
      </Stepper>
      {step === "terms" && (
        <TermsStep user={user} termsUrl={config.data?.termsUrl} privacyUrl={config.data?.privacyUrl} />
      )}
      {step === "organization" && <OrganizationStep user={user} invitations={invitations} />}
    </Modal>
  );
}
