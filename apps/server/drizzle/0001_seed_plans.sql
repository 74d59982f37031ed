-- The plans are data, not code (ARCHITECTURE.md "Plans"): change limits with a new migration.
INSERT INTO "plans" ("code", "name", "config", "subscription") VALUES
(
  'free',
  'Free',
  '[{"unitType":"USER","enabled":true,"tierLimited":true,"tierLimit":5},{"unitType":"PROJECT","enabled":true,"tierLimited":true,"tierLimit":5},{"unitType":"INTEGRATION","enabled":true,"tierLimited":true,"tierLimit":2},{"unitType":"TEAM_DASHBOARD","enabled":false,"tierLimited":false,"tierLimit":null}]'::jsonb,
  '{"id":null,"billing_type":"free","billing_period":null,"recurring_price":null,"trial_days":null}'::jsonb
),
(
  'unlimited',
  'Unlimited',
  '[{"unitType":"USER","enabled":true,"tierLimited":false,"tierLimit":null},{"unitType":"PROJECT","enabled":true,"tierLimited":false,"tierLimit":null},{"unitType":"INTEGRATION","enabled":true,"tierLimited":false,"tierLimit":null},{"unitType":"TEAM_DASHBOARD","enabled":true,"tierLimited":false,"tierLimit":null}]'::jsonb,
  '{"id":null,"billing_type":"unlimited","billing_period":null,"recurring_price":null,"trial_days":null}'::jsonb
)
ON CONFLICT ("code") DO NOTHING;
