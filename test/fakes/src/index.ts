// The fakes are plain ES modules (with declarations beside them) so that Playwright's web server can run
// them with `node` alone through serve.mjs; this file gives TypeScript callers one entry.
export {
  type FakeAsana,
  type FakeAsanaFailure,
  type FakeAsanaProject,
  type FakeAsanaRequest,
  type FakeAsanaStory,
  type FakeAsanaTask,
  type FakeAsanaWorkspace,
  serverEnvOf as asanaServerEnvOf,
  startFakeAsana,
} from "./asana.mjs";
export {
  type FakeGoogle,
  type FakeGoogleCalendar,
  type FakeGoogleEvent,
  type FakeGoogleFailure,
  type FakeGoogleRequest,
  serverEnvOf as googleServerEnvOf,
  startFakeGoogle,
} from "./google.mjs";
export { type FakeJwks, fakeGoogleClientId, startFakeJwks } from "./google-jwks.mjs";
export {
  adfOf as jiraAdfOf,
  type FakeJira,
  type FakeJiraFailure,
  type FakeJiraIssue,
  type FakeJiraRequest,
  type FakeJiraWorklog,
  serverEnvOf as jiraServerEnvOf,
  startFakeJira,
  textOfAdf as jiraTextOfAdf,
} from "./jira.mjs";
export {
  deliverPaddleWebhook,
  type FakePaddle,
  type FakePaddleRequest,
  type FakePaddleSubscription,
  type PaddleWebhookEvent,
  paddleEvent,
  paddleSubscription,
  serverEnvOf as paddleServerEnvOf,
  signPaddleWebhook,
  startFakePaddle,
} from "./paddle.mjs";
export {
  type FakePaymo,
  type FakePaymoEntry,
  type FakePaymoFailure,
  type FakePaymoProject,
  type FakePaymoRequest,
  type FakePaymoTask,
  serverEnvOf as paymoServerEnvOf,
  startFakePaymo,
} from "./paymo.mjs";
export { type FakeSmtpServer, type ReceivedMail, startSmtpServer } from "./smtp.mjs";
export {
  type FakeTodoist,
  type FakeTodoistComment,
  type FakeTodoistFailure,
  type FakeTodoistProject,
  type FakeTodoistRequest,
  type FakeTodoistTask,
  serverEnvOf as todoistServerEnvOf,
  startFakeTodoist,
} from "./todoist.mjs";
