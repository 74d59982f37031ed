import type { Integration, IntegrationSettingsPatch, WriteBack } from "@timetrap/domain";

/** The OpenAPI document's examples of the write-back routes. */
export const writeBackExample: WriteBack = {
  event_id: "5d8e2f14-6a3b-4c9d-8e7f-1a2b3c4d5e6f",
  service: "jira",
  item_id: "PROJ-42",
  state: "written",
  written_seconds: 5400,
  written_date: "2026-11-27",
  error: null,
  attempts: 1,
  updated_at: 1795770000000,
};

export const failedWriteBackExample: WriteBack = {
  event_id: "8c1d3e5f-7a9b-4d2c-9e0f-3b4c5d6e7f80",
  service: "asana",
  item_id: "1204567890123456",
  state: "failed",
  written_seconds: null,
  written_date: null,
  error: "Asana: task: Not Found",
  attempts: 1,
  updated_at: 1795773600000,
};

export const retriedWriteBackExample: WriteBack = {
  ...failedWriteBackExample,
  state: "pending",
  error: null,
  attempts: 0,
};

export const integrationSettingsExample: IntegrationSettingsPatch = { write_back: false };

export const integrationWithWriteBackOffExample: Integration = {
  service: "jira",
  status: "active",
  token_type: "Basic",
  expires_at: null,
  metadata: { account_email: "giulia.rossi@example.com", domain: "acme.atlassian.net", scopes: [] },
  last_error: null,
  write_back: false,
  created_at: 1772445300000,
};
