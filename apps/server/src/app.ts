import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { ItemService } from "@timetrap/domain";
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.js";
import { createAsanaConnector } from "./connectors/asana.js";
import { createGoogleConnector } from "./connectors/google.js";
import { createJiraConnector } from "./connectors/jira.js";
import { createPaddleConnector } from "./connectors/paddle.js";
import { createPaymoConnector } from "./connectors/paymo.js";
import { createTodoistConnector } from "./connectors/todoist.js";
import { type DatabaseHandle, openDatabase } from "./db/database.js";
import { requestStart } from "./db/request-order.js";
import { registerAuthentication } from "./http/authenticate.js";
import { registerBodyDepthLimit } from "./http/body-depth.js";
import { registerCompression } from "./http/compression.js";
import { answerFrameworkError, registerErrorHandler } from "./http/error-handler.js";
import { registerIdempotency } from "./http/idempotency.js";
import { registerMethodNotAllowed } from "./http/method-not-allowed.js";
import { registerRateLimits } from "./http/rate-limits.js";
import { registerNulRejection } from "./http/reject-nul.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerSpa } from "./http/spa.js";
import { fastifyTrustProxy } from "./http/trust-proxy.js";
import type { JobQueue } from "./jobs/job-queue.js";
import { createJobQueue } from "./jobs/queue.js";
import { createMailer } from "./mail/mailer.js";
import { createAccessTokensRepository } from "./modules/access-tokens/access-tokens.repository.js";
import { accessTokensRoutes } from "./modules/access-tokens/access-tokens.routes.js";
import { createAccessTokensService } from "./modules/access-tokens/access-tokens.service.js";
import { routesClosedToAccessTokens } from "./modules/access-tokens/closed-routes.js";
import {
  apiDocumentHead,
  apiDocumentTransform,
  apiDocumentTransformObject,
} from "./modules/api-document/api-document.js";
import { apiDocumentRoutes } from "./modules/api-document/api-document.routes.js";
import { createAccountEvents } from "./modules/audit/account-events.js";
import { createAuditRepository } from "./modules/audit/audit.repository.js";
import { auditRoutes } from "./modules/audit/audit.routes.js";
import { createAuditLogService, createAuditService, startAuditRetention } from "./modules/audit/audit.service.js";
import { createAuthRepository } from "./modules/auth/auth.repository.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { createAuthService } from "./modules/auth/auth.service.js";
import { createEmailVerificationService } from "./modules/auth/email-verification.js";
import { emailVerificationRoutes } from "./modules/auth/email-verification.routes.js";
import { createGoogleIdTokenVerifier } from "./modules/auth/google-id-token.js";
import { createBillingRepository } from "./modules/billing/billing.repository.js";
import { billingRoutes } from "./modules/billing/billing.routes.js";
import { createBillingService } from "./modules/billing/billing.service.js";
import { createCalendarFeedRepository } from "./modules/calendar-feed/calendar-feed.repository.js";
import { calendarFeedFileRoutes, calendarFeedRoutes } from "./modules/calendar-feed/calendar-feed.routes.js";
import { createCalendarFeedService } from "./modules/calendar-feed/calendar-feed.service.js";
import { changelogRoutes } from "./modules/changelog/changelog.routes.js";
import { createChangelogService } from "./modules/changelog/changelog.service.js";
import { configRoutes } from "./modules/config/config.routes.js";
import { getPublicConfig, readAppVersion } from "./modules/config/config.service.js";
import { createContractsRepository } from "./modules/contracts/contracts.repository.js";
import { contractsRoutes } from "./modules/contracts/contracts.routes.js";
import { createContractsService } from "./modules/contracts/contracts.service.js";
import { createCustomersRepository } from "./modules/customers/customers.repository.js";
import { customersRoutes } from "./modules/customers/customers.routes.js";
import { createCustomersService } from "./modules/customers/customers.service.js";
import { createExpensesRepository } from "./modules/expenses/expenses.repository.js";
import { expensesRoutes } from "./modules/expenses/expenses.routes.js";
import { createExpensesService } from "./modules/expenses/expenses.service.js";
import { createHolidaysRepository } from "./modules/holidays/holidays.repository.js";
import { holidaysRoutes } from "./modules/holidays/holidays.routes.js";
import { createHolidaysService } from "./modules/holidays/holidays.service.js";
import { asanaRoutes } from "./modules/integrations/asana.routes.js";
import { createAsanaService } from "./modules/integrations/asana.service.js";
import { googleCalendarRoutes } from "./modules/integrations/google-calendar.routes.js";
import { createGoogleCalendarService } from "./modules/integrations/google-calendar.service.js";
import { createIntegrationsRepository } from "./modules/integrations/integrations.repository.js";
import { integrationsRoutes } from "./modules/integrations/integrations.routes.js";
import { createIntegrationsService } from "./modules/integrations/integrations.service.js";
import { jiraRoutes } from "./modules/integrations/jira.routes.js";
import { createJiraService, jiraCredentials } from "./modules/integrations/jira.service.js";
import { paymoRoutes } from "./modules/integrations/paymo.routes.js";
import { createPaymoService, paymoCredentials } from "./modules/integrations/paymo.service.js";
import { todoistRoutes } from "./modules/integrations/todoist.routes.js";
import { createTodoistService } from "./modules/integrations/todoist.service.js";
import { createLimitsService } from "./modules/limits/limits.service.js";
import { invitationsRoutes } from "./modules/members/invitations.routes.js";
import { createInvitationsService } from "./modules/members/invitations.service.js";
import { membersRoutes } from "./modules/members/members.routes.js";
import { createMembersService } from "./modules/members/members.service.js";
import { createOrganizationsRepository } from "./modules/organizations/organizations.repository.js";
import { organizationsRoutes } from "./modules/organizations/organizations.routes.js";
import { createOrganizationsService } from "./modules/organizations/organizations.service.js";
import { createOverheadsRepository } from "./modules/overheads/overheads.repository.js";
import { overheadsRoutes } from "./modules/overheads/overheads.routes.js";
import { createOverheadsService } from "./modules/overheads/overheads.service.js";
import { createPasskeysRepository } from "./modules/passkeys/passkeys.repository.js";
import { passkeysRoutes } from "./modules/passkeys/passkeys.routes.js";
import { createPasskeysService } from "./modules/passkeys/passkeys.service.js";
import { createProjectCategoriesRepository } from "./modules/project-categories/project-categories.repository.js";
import { projectCategoriesRoutes } from "./modules/project-categories/project-categories.routes.js";
import { createProjectCategoriesService } from "./modules/project-categories/project-categories.service.js";
import { createProjectLinksRepository } from "./modules/project-links/project-links.repository.js";
import { projectLinksRoutes } from "./modules/project-links/project-links.routes.js";
import { createProjectLinksService } from "./modules/project-links/project-links.service.js";
import { createProjectNotesRepository } from "./modules/project-notes/project-notes.repository.js";
import { projectNotesRoutes } from "./modules/project-notes/project-notes.routes.js";
import { createProjectNotesService } from "./modules/project-notes/project-notes.service.js";
import { createProjectUpdatesRepository } from "./modules/project-updates/project-updates.repository.js";
import { projectUpdatesRoutes } from "./modules/project-updates/project-updates.routes.js";
import { createProjectUpdatesService } from "./modules/project-updates/project-updates.service.js";
import { createProjectsRepository } from "./modules/projects/projects.repository.js";
import { projectsRoutes } from "./modules/projects/projects.routes.js";
import { createProjectsService } from "./modules/projects/projects.service.js";
import { createReportsRepository } from "./modules/reports/reports.repository.js";
import { reportsRoutes } from "./modules/reports/reports.routes.js";
import { createReportsService } from "./modules/reports/reports.service.js";
import { createRolesRepository } from "./modules/roles/roles.repository.js";
import { rolesRoutes } from "./modules/roles/roles.routes.js";
import { createRolesService } from "./modules/roles/roles.service.js";
import { createSessionsRepository } from "./modules/sessions/sessions.repository.js";
import { sessionsRoutes } from "./modules/sessions/sessions.routes.js";
import { createSessionsService } from "./modules/sessions/sessions.service.js";
import { createTaskCategoriesRepository } from "./modules/task-categories/task-categories.repository.js";
import { taskCategoriesRoutes } from "./modules/task-categories/task-categories.routes.js";
import { createTaskCategoriesService } from "./modules/task-categories/task-categories.service.js";
import { createTasksRepository } from "./modules/tasks/tasks.repository.js";
import { tasksRoutes } from "./modules/tasks/tasks.routes.js";
import { createTasksService } from "./modules/tasks/tasks.service.js";
import { teamPlanRoutes } from "./modules/team-plan/team-plan.routes.js";
import { createTeamPlanService } from "./modules/team-plan/team-plan.service.js";
import { createTimeBlockingRepository } from "./modules/time-blocking/time-blocking.repository.js";
import { timeBlockingRoutes } from "./modules/time-blocking/time-blocking.routes.js";
import { createTimeBlockingService } from "./modules/time-blocking/time-blocking.service.js";
import { createTimeOffRepository } from "./modules/time-off/time-off.repository.js";
import { timeOffRoutes } from "./modules/time-off/time-off.routes.js";
import { createTimeOffService } from "./modules/time-off/time-off.service.js";
import { createTimersRepository } from "./modules/timers/timers.repository.js";
import { timersRoutes } from "./modules/timers/timers.routes.js";
import { createTimersService } from "./modules/timers/timers.service.js";
import { createTimesheetApprovalsRepository } from "./modules/timesheet-approvals/timesheet-approvals.repository.js";
import { timesheetApprovalsRoutes } from "./modules/timesheet-approvals/timesheet-approvals.routes.js";
import { createTimesheetApprovalsService } from "./modules/timesheet-approvals/timesheet-approvals.service.js";
import { routesReachableDuringEnrolment } from "./modules/two-factor/enrolment-routes.js";
import { passkeySecondFactorRoutes } from "./modules/two-factor/passkey-second-factor.routes.js";
import { createTwoFactorRepository } from "./modules/two-factor/two-factor.repository.js";
import { twoFactorRoutes } from "./modules/two-factor/two-factor.routes.js";
import { createTwoFactorService } from "./modules/two-factor/two-factor.service.js";
import { createUsersRepository } from "./modules/users/users.repository.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { createUsersService } from "./modules/users/users.service.js";
import {
  createProjectAlertsHandler,
  createProjectFiguresEvents,
  projectAlertsCheckJob,
} from "./modules/webhooks/project-alerts.js";
import { createWebhooksRepository } from "./modules/webhooks/webhooks.repository.js";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes.js";
import { createWebhooksService, webhookDeliveryJob } from "./modules/webhooks/webhooks.service.js";
import { createWorkflowsRepository } from "./modules/workflows/workflows.repository.js";
import { workflowsRoutes } from "./modules/workflows/workflows.routes.js";
import { createWorkflowsService } from "./modules/workflows/workflows.service.js";
import { writeBackRoutes } from "./modules/write-back/write-back.routes.js";
import { createWriteBackEvents, createWriteBackService } from "./modules/write-back/write-back.service.js";
import { writeBackJob } from "./modules/write-back/write-back-rules.js";
import type { WriteBackTarget } from "./modules/write-back/write-back-target.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The job queue (decision 030): tests run its due jobs with `runDue`. */
    jobs: JobQueue;
  }
}

export interface AppDeps {
  /** An open, migrated database. Without it the app opens (and migrates) the configured one and closes it with itself. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered, hidden ones too (the permission matrix's coverage test). */
  onRoute?: (route: RouteOptions) => void;
}

export const apiPrefix = "/api/v1";

/**
 * Reset links (/change-password?email=…&token=…) reach the server as page loads, and a logged token
 * would be a working password reset for anyone who reads the log. An OAuth callback carries the
 * authorization code and the state, each as good as a token until used. A calendar feed's address
 * (/ics/<secret>.ics) is the feed's only key.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|state|access_token|refresh_token|id_token)=)[^&#]*/gi, "$1[redacted]")
    .replace(/^(\/ics\/)[^?#]*/, "$1[redacted]");
}

/**
 * Credentials never reach the log, whatever a line carries: a request's Authorization header, and any field named
 * like a token or a secret one level into a logged object (decision 029).
 */
const redactedLogPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  "*.headers.authorization",
  "*.authorization",
  "*.access_token",
  "*.refresh_token",
  "*.id_token",
  "*.accessToken",
  "*.refreshToken",
  "*.auth_token",
  "*.client_secret",
  "*.clientSecret",
  "*.credential",
  "*.password",
];
export const docsPrefix = "/api/docs";

/** Builds the whole app from a config object; it never listens (server.ts does). */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactedLogPaths, censor: "[redacted]" },
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    // Outside services' ids come in paths (a Google calendar's id is an address, an imported one longer): past
    // Fastify's default of 100 characters a path part would be a 404 before any schema could say so.
    routerOptions: { maxParamLength: 1024 },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: answerFrameworkError,
  });
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);
  registerMethodNotAllowed(app);

  const ownsDatabase = !deps.database;
  const database = deps.database ?? (await openDatabase(config));
  if (ownsDatabase) {
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  if (database.kind === "pglite") {
    // The embedded store serves the statements of the oldest request first (request-order.ts): each request says when
    // it began.
    app.addHook("onRequest", (_request, _reply, done) => requestStart.run(performance.now(), done));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: text bodies get 415 instead of failing validation as a string.
  app.removeContentTypeParser("text/plain");
  registerErrorHandler(app, { bodyLimit: config.bodyLimitBytes });
  registerBodyDepthLimit(app);
  registerNulRejection(app);
  // Before every route: both add hooks to each route as it is registered, the rate limit's first. The stored answers
  // of idempotent POSTs are taken before compression.
  await registerRateLimits(app, {
    db: database.db,
    limits: { perMinute: config.apiRateLimitPerMinute, exportsPerMinute: config.apiExportRateLimitPerMinute },
  });
  registerIdempotency(app, { db: database.db, killAfterCommitOf: config.crashTestKillAfterCommitOf });
  registerCompression(app);
  await registerSecurityHeaders(app, config);

  const version = readAppVersion();
  await app.register(fastifySwagger, {
    openapi: apiDocumentHead({ version, appUrl: config.appUrl }),
    transform: apiDocumentTransform(),
    transformObject: apiDocumentTransformObject(),
  });
  await app.register(fastifySwaggerUi, { routePrefix: docsPrefix });

  const jobs = createJobQueue({ db: database.db, logger: app.log, pollIntervalMs: config.jobsPollIntervalMs });
  app.decorate("jobs", jobs);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger: app.log,
    jobs,
    db: database.db,
    key: config.integrationsKey,
  });
  const auditRepository = createAuditRepository(database.db);
  const audit = createAuditService({ repository: auditRepository, logger: app.log });
  const auditRetention = startAuditRetention({ audit, logger: app.log });
  app.addHook("onClose", async () => {
    // Work started after answers, and the mails in flight, finish before the database goes away.
    await auditRetention.stop();
    await auth.settle();
    // The jobs running finish; those still pending wait in the database for the next start.
    await jobs.stop();
    if (ownsDatabase) await database.close();
  });

  const organizations = createOrganizationsService({
    repository: createOrganizationsRepository(database.db),
    audit,
  });
  const sessions = createSessionsService({
    repository: createSessionsRepository(database.db),
    authSecret: config.authSecret,
    audit,
  });
  const users = createUsersService({ repository: createUsersRepository(database.db), organizations, sessions, audit });
  const invitations = createInvitationsService({ organizations, users, audit });
  const emailVerification = createEmailVerificationService({
    repository: createAuthRepository(database.db),
    users,
    limits: createLimitsService(database.db),
    mailer,
    settings: config,
  });
  const twoFactor = createTwoFactorService({
    repository: createTwoFactorRepository(database.db),
    sessions,
    users,
    limits: createLimitsService(database.db),
    settings: config,
    recordAccountEvent: createAccountEvents({ audit, users }),
  });
  const auth = createAuthService({
    repository: createAuthRepository(database.db),
    users,
    sessions,
    invitations,
    emailVerification,
    limits: createLimitsService(database.db),
    mailer,
    audit,
    logger: app.log,
    settings: config,
    verifyGoogleIdToken: config.googleClientId
      ? createGoogleIdTokenVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl })
      : null,
    twoFactor,
  });
  const accessTokens = createAccessTokensService({
    repository: createAccessTokensRepository(database.db),
    organizations,
    twoFactor,
    audit,
  });
  const authenticate = registerAuthentication(app, {
    verifySessionToken: (token) => sessions.verifySession({ token }),
    verifyAccessToken: (token, method) => accessTokens.verifyAccessToken({ token, method }),
    reachableDuringEnrolment: routesReachableDuringEnrolment(apiPrefix),
    closedToAccessTokens: routesClosedToAccessTokens(apiPrefix),
  });
  const roles = createRolesService({ repository: createRolesRepository(database.db), organizations, audit });
  const contracts = createContractsService({
    repository: createContractsRepository(database.db),
    organizations,
    users,
    audit,
  });
  const holidays = createHolidaysService({ repository: createHolidaysRepository(database.db), organizations, audit });

  const projectCategories = createProjectCategoriesService({
    repository: createProjectCategoriesRepository(database.db),
    organizations,
  });
  const webhooks = createWebhooksService({
    repository: createWebhooksRepository(database.db),
    organizations,
    jobs,
    mailer,
    settings: config,
    logger: app.log,
  });
  jobs.register(webhookDeliveryJob, webhooks.deliveryHandler);
  const projectFiguresEvents = createProjectFiguresEvents({ db: database.db, jobs });
  const writeBackEvents = createWriteBackEvents({ db: database.db, jobs });
  const projects = createProjectsService({
    repository: createProjectsRepository(database.db),
    organizations,
    projectCategories,
    projectEvents: webhooks,
    projectFiguresEvents,
  });
  jobs.register(projectAlertsCheckJob, createProjectAlertsHandler({ db: database.db, projects, webhooks }));

  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(configRoutes, { prefix: apiPrefix, publicConfig: getPublicConfig({ config, version }) });
  await api.register(apiDocumentRoutes, { prefix: apiPrefix });
  await api.register(authRoutes, { prefix: apiPrefix, auth, authenticate });
  await api.register(sessionsRoutes, { prefix: apiPrefix, sessions, authenticate });
  await api.register(accessTokensRoutes, { prefix: apiPrefix, accessTokens, authenticate });
  const passkeys = createPasskeysService({
    repository: createPasskeysRepository(database.db),
    users,
    auth,
    limits: createLimitsService(database.db),
    settings: config,
    recordAccountEvent: createAccountEvents({ audit, users }),
    sessions,
  });
  await api.register(passkeysRoutes, { prefix: apiPrefix, passkeys, authenticate });
  await api.register(passkeySecondFactorRoutes, { prefix: apiPrefix, twoFactor, passkeys, auth });
  await api.register(twoFactorRoutes, { prefix: apiPrefix, twoFactor, authenticate });
  await api.register(usersRoutes, { prefix: apiPrefix, users, authenticate });
  const google = createGoogleConnector({
    clientId: config.googleClientId,
    clientSecret: config.googleClientSecret,
    authorizeUrl: config.googleOauthAuthorizeUrl,
    tokenUrl: config.googleOauthTokenUrl,
    revokeUrl: config.googleOauthRevokeUrl,
    calendarApiUrl: config.googleCalendarApiUrl,
    timeoutMs: config.connectorTimeoutMs,
  });
  const todoist = createTodoistConnector({
    clientId: config.todoistClientId,
    clientSecret: config.todoistClientSecret,
    authorizeUrl: config.todoistOauthAuthorizeUrl,
    tokenUrl: config.todoistOauthTokenUrl,
    apiUrl: config.todoistApiUrl,
    timeoutMs: config.connectorTimeoutMs,
  });
  const asana = createAsanaConnector({
    clientId: config.asanaClientId,
    clientSecret: config.asanaClientSecret,
    authorizeUrl: config.asanaOauthAuthorizeUrl,
    tokenUrl: config.asanaOauthTokenUrl,
    revokeUrl: config.asanaOauthRevokeUrl,
    apiUrl: config.asanaApiUrl,
    timeoutMs: config.connectorTimeoutMs,
  });
  const paymo = createPaymoConnector({ apiUrl: config.paymoApiUrl, timeoutMs: config.connectorTimeoutMs });
  const jira = createJiraConnector({
    timeoutMs: config.connectorTimeoutMs,
    allowPrivate: config.jiraAllowPrivate,
    allowHttp: config.jiraAllowHttp,
  });
  const integrations = createIntegrationsService({
    repository: createIntegrationsRepository(database.db, database.kind),
    users,
    organizations,
    oauth: { gcalendar: google, todoist, asana },
    credentials: { paymo: paymoCredentials(paymo), jira: jiraCredentials(jira) },
    settings: config,
    logger: app.log,
  });
  await api.register(integrationsRoutes, { prefix: apiPrefix, integrations, authenticate });
  await api.register(googleCalendarRoutes, {
    prefix: apiPrefix,
    googleCalendar: createGoogleCalendarService({ integrations, google, users }),
    authenticate,
  });
  await api.register(paymoRoutes, {
    prefix: apiPrefix,
    paymo: createPaymoService({ integrations, paymo }),
    authenticate,
  });
  await api.register(jiraRoutes, {
    prefix: apiPrefix,
    jira: createJiraService({ integrations, jira }),
    authenticate,
  });
  await api.register(todoistRoutes, {
    prefix: apiPrefix,
    todoist: createTodoistService({ integrations, todoist }),
    authenticate,
  });
  await api.register(asanaRoutes, {
    prefix: apiPrefix,
    asana: createAsanaService({ integrations, asana }),
    authenticate,
  });
  await api.register(organizationsRoutes, { prefix: apiPrefix, organizations, authenticate });
  const timesheetApprovals = createTimesheetApprovalsService({
    repository: createTimesheetApprovalsRepository(database.db),
    organizations,
    audit,
    figures: createReportsRepository(database.db),
  });
  const timeBlocking = createTimeBlockingService({
    repository: createTimeBlockingRepository(database.db),
    organizations,
    users,
    periodLock: timesheetApprovals,
    projectFiguresEvents,
    writeBackEvents,
  });
  const timers = createTimersService({ repository: createTimersRepository(database.db), timeBlocking });
  // The tools this server writes logged time back to, each through its connector.
  const writeBackTargets: Partial<Record<ItemService, WriteBackTarget>> = {};
  writeBackTargets.paymo = paymo.writeBackTarget;
  writeBackTargets.jira = jira.writeBackTarget;
  writeBackTargets.todoist = todoist;
  writeBackTargets.asana = asana;
  const writeBack = createWriteBackService({
    db: database.db,
    jobs,
    integrations,
    timeBlocking,
    targets: writeBackTargets,
    logger: app.log,
  });
  jobs.register(writeBackJob, writeBack.handler);
  await api.register(writeBackRoutes, { prefix: apiPrefix, writeBack, authenticate });
  await api.register(membersRoutes, {
    prefix: apiPrefix,
    members: createMembersService({
      organizations,
      users,
      roles,
      contracts,
      timers,
      mailer,
      audit,
      settings: config,
      twoFactor,
      holidays,
    }),
    authenticate,
  });
  await api.register(invitationsRoutes, { prefix: apiPrefix, invitations, users, auth, authenticate });
  await api.register(emailVerificationRoutes, { prefix: apiPrefix, emailVerification, users, authenticate });
  await api.register(auditRoutes, {
    prefix: apiPrefix,
    auditLog: createAuditLogService({ repository: auditRepository, organizations, users }),
    authenticate,
  });
  await api.register(rolesRoutes, { prefix: apiPrefix, roles, authenticate });
  await api.register(contractsRoutes, { prefix: apiPrefix, contracts, authenticate });
  await api.register(customersRoutes, {
    prefix: apiPrefix,
    customers: createCustomersService({ repository: createCustomersRepository(database.db), organizations }),
    authenticate,
  });
  await api.register(overheadsRoutes, {
    prefix: apiPrefix,
    overheads: createOverheadsService({ repository: createOverheadsRepository(database.db), organizations }),
    authenticate,
  });
  await api.register(holidaysRoutes, { prefix: apiPrefix, holidays, authenticate });
  await api.register(timeOffRoutes, {
    prefix: apiPrefix,
    timeOff: createTimeOffService({
      repository: createTimeOffRepository(database.db),
      organizations,
      users,
      contracts,
      holidays,
      audit,
    }),
    authenticate,
  });
  await api.register(workflowsRoutes, {
    prefix: apiPrefix,
    workflows: createWorkflowsService({ repository: createWorkflowsRepository(database.db), organizations }),
    authenticate,
  });
  const taskCategories = createTaskCategoriesService({
    repository: createTaskCategoriesRepository(database.db),
    organizations,
  });
  await api.register(taskCategoriesRoutes, { prefix: apiPrefix, taskCategories, authenticate });
  await api.register(tasksRoutes, {
    prefix: apiPrefix,
    tasks: createTasksService({
      repository: createTasksRepository(database.db),
      organizations,
      projects,
      taskCategories,
    }),
    authenticate,
  });
  await api.register(projectsRoutes, { prefix: apiPrefix, projects, authenticate });
  await api.register(webhooksRoutes, {
    prefix: apiPrefix,
    webhooks,
    authenticate,
    allowHttp: config.webhookAllowHttp,
  });
  await api.register(projectCategoriesRoutes, { prefix: apiPrefix, projectCategories, authenticate });
  await api.register(expensesRoutes, {
    prefix: apiPrefix,
    expenses: createExpensesService({
      repository: createExpensesRepository(database.db),
      projects,
      projectFiguresEvents,
    }),
    authenticate,
  });
  await api.register(projectNotesRoutes, {
    prefix: apiPrefix,
    notes: createProjectNotesService({
      repository: createProjectNotesRepository(database.db),
      organizations,
      projects,
    }),
    authenticate,
  });
  await api.register(projectLinksRoutes, {
    prefix: apiPrefix,
    links: createProjectLinksService({ repository: createProjectLinksRepository(database.db), projects }),
    authenticate,
  });
  await api.register(projectUpdatesRoutes, {
    prefix: apiPrefix,
    updates: createProjectUpdatesService({
      repository: createProjectUpdatesRepository(database.db),
      projects,
      users,
    }),
    authenticate,
  });
  await api.register(timeBlockingRoutes, { prefix: apiPrefix, timeBlocking, authenticate });
  const calendarFeed = createCalendarFeedService({
    repository: createCalendarFeedRepository(database.db),
    organizations,
    timeBlocking,
    limits: createLimitsService(database.db),
    logger: app.log,
    settings: config,
  });
  await api.register(calendarFeedRoutes, { prefix: apiPrefix, calendarFeed, authenticate });
  // Outside /api/v1 and without a session: the address alone opens the feed.
  await app.register(calendarFeedFileRoutes, { calendarFeed });
  await api.register(timersRoutes, { prefix: apiPrefix, timers, authenticate });
  await api.register(timesheetApprovalsRoutes, { prefix: apiPrefix, timesheetApprovals, authenticate });
  await api.register(reportsRoutes, {
    prefix: apiPrefix,
    reports: createReportsService({ repository: createReportsRepository(database.db), organizations, projects }),
    authenticate,
  });
  await api.register(teamPlanRoutes, {
    prefix: apiPrefix,
    teamPlan: createTeamPlanService({ organizations, figures: createReportsRepository(database.db) }),
    authenticate,
  });
  await api.register(billingRoutes, {
    prefix: apiPrefix,
    billing: createBillingService({
      repository: createBillingRepository(database.db),
      organizations,
      projects,
      paddle: config.paddle
        ? createPaddleConnector({
            apiKey: config.paddle.apiKey,
            apiUrl: config.paddle.apiUrl,
            timeoutMs: config.connectorTimeoutMs,
          })
        : null,
      paddleConfig: config.paddle,
      audit,
      logger: app.log,
    }),
    authenticate,
  });
  await api.register(changelogRoutes, {
    prefix: apiPrefix,
    changelog: createChangelogService({ changelogPath: config.changelogPath }),
  });

  // Every job handler is registered by now: the worker starts with the app (and stops, above, before the database).
  if (config.jobsWorker) app.addHook("onReady", async () => jobs.start());

  await registerSpa(app, { webDistDir: config.webDistDir });
  return app;
}
