import {
  activityHours,
  addDays,
  budgetRunway,
  type CalendarDate,
  can,
  canSeeProjectWhen,
  contractualHoursPerDay,
  costsForecast,
  dayPercentage,
  euros,
  isOnProjectOf,
  isUnitBlocked,
  monthOf,
  overheadShare,
  overheadsInMonth,
  type PlanConfigEntry,
  type ProjectReport,
  type ProjectReportQuery,
  type ProjectStatistics,
  planVersusActual,
  projectReportCsv,
  projectReportOrder,
  projectStatistics,
  type ReportPeriodQuery,
  type ReportTotals,
  ringPercentage,
  type TeamReport,
  type Timesheet,
  type TimesheetQuery,
  timesheetCsv,
  timeZoneOfPreferences,
  todayIn,
  type UserReport,
  weeklyCostOfLastFourWeeks,
  withZeroWeekdays,
} from "@timetrap/domain";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { DailyFiguresRow } from "./daily-figures.js";
import type { MemberRow, RankedZone, ReportsRepository } from "./reports.repository.js";
import { timesheetJson, timesheetOf, timesheetRows } from "./timesheet-rows.js";

export type ReportsService = ReturnType<typeof createReportsService>;

/** One person's figures on one day of the period. */
interface DayFigures {
  workLog: number;
  billable: number;
  euroSeconds: number;
  withoutContract: number;
  planned: number;
  plannedEuroSeconds: number;
  /** Seconds the day's holiday and time off take, and of them those counted as worked (decision 026). */
  timeOff: number;
  credited: number;
}

/** Forecasts and series of a project without an end date look this far ahead. */
const horizonDays = 365;
/**
 * However far a project's end date lies, the forecast looks at most this far ahead: the dates accepted run to the
 * year 9998, and expanding a daily series that far would hold the server for seconds on one request.
 */
const forecastLimitDays = 3 * 366;

function teamDashboardMessage(): string {
  return "Your plan does not include the team dashboard. Upgrade the plan to use it";
}

/** The figures of a period, from its days. */
function totalsOf(days: Iterable<DayFigures & { capacity: number }>): ReportTotals {
  let workLog = 0;
  let billable = 0;
  let planned = 0;
  let capacity = 0;
  let euroSeconds = 0;
  let plannedEuroSeconds = 0;
  let withoutContract = 0;
  let timeOff = 0;
  let credited = 0;
  for (const day of days) {
    timeOff += day.timeOff;
    credited += day.credited;
    workLog += day.workLog;
    billable += day.billable;
    planned += day.planned;
    capacity += day.capacity;
    euroSeconds += day.euroSeconds;
    plannedEuroSeconds += day.plannedEuroSeconds;
    withoutContract += day.withoutContract;
  }
  const workLogCost = euros(euroSeconds);
  return {
    work_log: workLog,
    billable_work_log: billable,
    planned,
    capacity,
    time_off: timeOff,
    credited,
    // Credited hours count as worked against the capacity that kept them; billable time is only what was logged.
    work_log_percentage: ringPercentage(workLog + credited, capacity),
    billable_percentage: ringPercentage(billable, capacity),
    work_log_cost: workLogCost,
    without_contract: withoutContract,
    plan_versus_actual: planVersusActual({
      planned,
      logged: workLog,
      plannedCost: euros(plannedEuroSeconds),
      loggedCost: workLogCost,
    }),
  };
}

/** The team's totals: the people's figures added, percentages taken again from the sums. */
function sumTotals(all: readonly ReportTotals[]): ReportTotals {
  const sum = (pick: (t: ReportTotals) => number) => all.reduce((total, t) => total + pick(t), 0);
  const workLog = sum((t) => t.work_log);
  const billable = sum((t) => t.billable_work_log);
  const planned = sum((t) => t.planned);
  const capacity = sum((t) => t.capacity);
  const credited = sum((t) => t.credited);
  const loggedCost = Math.round(sum((t) => t.work_log_cost) * 100) / 100;
  const plannedCost = Math.round(sum((t) => t.plan_versus_actual.planned_cost) * 100) / 100;
  return {
    work_log: workLog,
    billable_work_log: billable,
    planned,
    capacity,
    time_off: sum((t) => t.time_off),
    credited,
    work_log_percentage: ringPercentage(workLog + credited, capacity),
    billable_percentage: ringPercentage(billable, capacity),
    work_log_cost: loggedCost,
    without_contract: sum((t) => t.without_contract),
    plan_versus_actual: planVersusActual({ planned, logged: workLog, plannedCost, loggedCost }),
  };
}

export function createReportsService({
  repository,
  organizations,
  projects,
}: {
  repository: ReportsRepository;
  organizations: OrganizationsService;
  projects: Pick<ProjectsService, "authorizeProject">;
}) {
  /** The actor's organization and role in one read (404 outside any). */
  async function actorRole(actorId: string) {
    const found = await organizations.findRoleOfUser({ userId: actorId });
    if (!found) throw notFound("Organization");
    return found;
  }

  /**
   * The actor's organization and role, and its members, read side by side: the members are only used once the right
   * is checked, and a report's reads wait for one round trip fewer.
   */
  async function actorAndMembers(actorId: string, right: { action: "read"; subject: "timesheet" | "team" } | null) {
    const [actor, members] = await Promise.all([actorRole(actorId), repository.membersOfUserOrganization(actorId)]);
    if (right && !can(actor.role, right.action, right.subject)) {
      throw forbidden(`You need the right to ${right.action} ${right.subject}`);
    }
    return { organizationId: actor.organizationId, role: actor.role, members };
  }

  /** The people of a report in order, with their zones and their place in it. */
  const rankedZones = (people: readonly MemberRow[]): RankedZone[] =>
    people.map((row, ord) => ({ user_id: row.user_id, tz: timeZoneOfPreferences(row.preferences), ord }));

  /** Each person's days of the period, from the one aggregate (`dailyFigures`), by person. */
  async function dailyFigures(
    organizationId: string,
    people: readonly MemberRow[],
    { start_date: from, end_date: to }: ReportPeriodQuery,
  ): Promise<Map<string, DailyFiguresRow[]>> {
    const byPerson = new Map<string, DailyFiguresRow[]>(people.map((row) => [row.user_id, []]));
    for (const row of await repository.dailyFigures({ organizationId, zones: rankedZones(people), from, to })) {
      byPerson.get(row.user_id)!.push(row);
    }
    return byPerson;
  }

  /** The figures of a day as `totalsOf` adds them up. */
  const dayFigures = (row: DailyFiguresRow) => ({
    workLog: row.work_log,
    billable: row.billable,
    euroSeconds: row.euro_seconds,
    withoutContract: row.without_contract,
    planned: row.planned,
    plannedEuroSeconds: row.planned_euro_seconds,
    capacity: row.capacity,
    timeOff: row.time_off,
    credited: row.credited,
  });

  /** The contract in force on the period's first day, as its first row carries it. */
  const firstDayContract = (rows: readonly DailyFiguresRow[]) => {
    const first = rows[0];
    // In force on that day: its period is the day itself as far as these terms are concerned.
    return first?.contract_type
      ? {
          from_date: first.day,
          to_date: first.day,
          contract_type: first.contract_type,
          contractual_hours: first.contractual_hours ?? 0,
          contractual_hours_by_day: first.contractual_hours_by_day,
        }
      : null;
  };

  async function checkFilters(
    organizationId: string,
    members: readonly MemberRow[],
    query: TimesheetQuery,
  ): Promise<void> {
    const memberIds = new Set(members.map((m) => m.user_id));
    const badFilter = (field: string, what: string) =>
      new AppError("NOT_FOUND", `${what} not found`, [{ field: `query.${field}`, message: `${what} not found` }]);
    if (query.user_id.some((id) => !memberIds.has(id))) throw badFilter("user_id", "User");
    const [projectRefs, customerRefs] = await Promise.all([
      repository.projectRefs(organizationId, query.project_id),
      repository.customerRefs(organizationId, query.customer_id),
    ]);
    if (projectRefs.length !== query.project_id.length) throw badFilter("project_id", "Project");
    if (customerRefs.length !== query.customer_id.length) throw badFilter("customer_id", "Customer");
  }

  /**
   * The timesheet's parts: its lines (people's order, then day, then the project's title or the customer's name in the
   * locale's order) with the people, contracts and hours off they name, and the totals per person (the lines added up,
   * beside the contractual seconds of the period net of holidays and time off, and the time off). byDay has a line for
   * each day with time off, logged or not.
   */
  async function timesheetParts(actorId: string, query: TimesheetQuery) {
    const { organizationId, members } = await actorAndMembers(actorId, { action: "read", subject: "timesheet" });
    await checkFilters(organizationId, members, query);
    const chosen = query.user_id.length > 0 ? new Set(query.user_id) : null;
    const people = members.filter((row) => !chosen || chosen.has(row.user_id));
    const from = query.start_date;
    const to = query.end_date;
    const dimension =
      query.timesheet_type === "byProject" ? "project" : query.timesheet_type === "byClient" ? "customer" : "none";
    // The seconds of each person and day and their hours off come out of the one aggregate, beside the period's
    // contracts (the one in force on a line's day is `contractInForce`'s); the totals add the lines up, beside the
    // contracts' seconds less what the hours off take of them.
    const userIds = people.map((row) => row.user_id);
    const [{ lines, hoursOff }, contracts] = await Promise.all([
      repository.timesheetLines({
        organizationId,
        zones: rankedZones(people),
        from,
        to,
        dimension,
        projectIds: query.project_id,
        customerIds: query.customer_id,
      }),
      repository.contractsInPeriod({ organizationId, userIds, from, to }),
    ]);
    return timesheetOf({ type: query.timesheet_type, from, to, dimension, people, lines, hoursOff, contracts });
  }

  const service = {
    /** `GET report/timesheet` (read timesheet): rows per user and day (and project or customer), totals per user. */
    async timesheet({ actorId, query }: { actorId: string; query: TimesheetQuery }): Promise<Timesheet> {
      const { source, head, tail } = await timesheetParts(actorId, query);
      return { ...head, rows: timesheetRows(source), ...tail };
    },

    /**
     * The same answer as {@link timesheet}, as the JSON bytes the route sends: for a year of a team, writing them from
     * the lines costs the server a fraction of making the rows and serializing them (`timesheetJson`).
     */
    async timesheetJson({ actorId, query }: { actorId: string; query: TimesheetQuery }): Promise<Buffer> {
      const { source, head, tail } = await timesheetParts(actorId, query);
      return timesheetJson(head, source, tail);
    },

    /**
     * The timesheet as the screen exports it; byDay adds zero rows for weekdays without a log, with the contract and
     * time off of their day.
     */
    async timesheetCsv({ actorId, query }: { actorId: string; query: TimesheetQuery }): Promise<string> {
      const { source, tail, contractsOf } = await timesheetParts(actorId, query);
      const rows = timesheetRows(source);
      if (query.timesheet_type !== "byDay") return timesheetCsv(query.timesheet_type, rows);
      const ords = new Map(source.people.map((row, ord) => [row.user_id, ord]));
      const noHoursOff = new Map();
      const withZeros = withZeroWeekdays(
        rows,
        tail.totals,
        query.start_date,
        query.end_date,
        (userId) => contractsOf[ords.get(userId)!]!,
        (userId) => source.hoursOff.get(userId) ?? noHoursOff,
      );
      return timesheetCsv("byDay", withZeros);
    },

    /**
     * `GET report/team`: read team and the plan's TEAM_DASHBOARD unit. One row per active person, by name, with their
     * rings, task categories and plan versus actual; the team's totals.
     */
    async teamReport({ actorId, query }: { actorId: string; query: ReportPeriodQuery }): Promise<TeamReport> {
      // The membership with the organization's plan, beside its members (used only once the checks pass).
      const [membership, members] = await Promise.all([
        organizations.findMembership({ userId: actorId }),
        repository.membersOfUserOrganization(actorId),
      ]);
      if (!membership) throw notFound("Organization");
      const { organization, role } = membership;
      const organizationId = organization.uid;
      if (!can(role, "read", "team")) throw forbidden("You need the right to read team");
      const config: readonly PlanConfigEntry[] = organization.plan.config;
      if (isUnitBlocked(config, "TEAM_DASHBOARD")) throw new AppError("PLAN_LIMIT_REACHED", teamDashboardMessage());
      const people = members.filter((row) => row.status === "active");
      const [figures, categories] = await Promise.all([
        dailyFigures(organizationId, people, query),
        repository.categoriesByUser({
          organizationId,
          zones: rankedZones(people),
          from: query.start_date,
          to: query.end_date,
        }),
      ]);
      const categoriesOf = new Map<string, TeamReport["users"][number]["task_categories_report"]>();
      for (const c of categories) {
        let list = categoriesOf.get(c.user_id);
        if (!list) {
          list = [];
          categoriesOf.set(c.user_id, list);
        }
        list.push({
          category_id: c.category_id,
          category_name: c.category_name,
          elapsed_time: Number(c.seconds),
          color: c.color,
        });
      }
      const users = people.map((person) => {
        const days = figures.get(person.user_id)!;
        const totals = totalsOf(days.map(dayFigures));
        return {
          user_id: person.user_id,
          nominative: person.nominative,
          image_url: person.image_url,
          contractual_hours: contractualHoursPerDay(firstDayContract(days)),
          work_log: totals.work_log,
          billable_work_log: totals.billable_work_log,
          task_categories_report: categoriesOf.get(person.user_id) ?? [],
          totals,
        };
      });
      return {
        start_date: query.start_date,
        end_date: query.end_date,
        users,
        totals: sumTotals(users.map((u) => u.totals)),
      };
    },

    /** `GET report/user/{id}`: one's own days, or another member's with read team. */
    async userReport({
      actorId,
      userId,
      query,
    }: {
      actorId: string;
      userId: string;
      query: ReportPeriodQuery;
    }): Promise<UserReport> {
      const { organizationId, role, members } = await actorAndMembers(actorId, null);
      const person = members.find((row) => row.user_id === userId);
      if (!person) throw notFound("User");
      if (userId !== actorId && !can(role, "read", "team")) throw forbidden("You need the right to read team");
      const days = (await dailyFigures(organizationId, [person], query)).get(userId)!.map((row) => ({
        date: row.day,
        ...dayFigures(row),
      }));
      return {
        user_id: userId,
        start_date: query.start_date,
        end_date: query.end_date,
        report: days.map((day) => ({
          date: day.date,
          hours: activityHours(day.workLog),
          percetange: dayPercentage(day.workLog + day.credited, day.capacity),
          work_log: day.workLog,
          billable_work_log: day.billable,
          planned: day.planned,
          capacity: day.capacity,
          time_off: day.timeOff,
          credited: day.credited,
        })),
        totals: totalsOf(days),
      };
    },

    /**
     * `GET organization/{orgId}/project/{id}/report`: the project's time entries, a page at a time, newest first or in
     * the order asked for.
     */
    async projectReport({
      actorId,
      organizationId,
      projectId,
      query,
    }: {
      actorId: string;
      organizationId: string;
      projectId: string;
      query: ProjectReportQuery;
    }): Promise<ProjectReport> {
      const project = await projects.authorizeProject({
        actorId,
        organizationId,
        projectId,
        access: "read",
        workLog: false,
      });
      const { entries, total, totalElapsed } = await repository.projectEntries({
        organizationId,
        projectId,
        order: projectReportOrder(query),
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return {
        entries: entries.map((row) => ({
          id: row.id,
          user: { uid: row.user_id, nominative: row.nominative, image_url: row.image_url },
          title: row.title,
          task: row.task_id && row.task_name !== null ? { uid: row.task_id, name: row.task_name } : null,
          category:
            row.category_id && row.category_name !== null && row.category_color !== null
              ? { uid: row.category_id, name: row.category_name, color: row.category_color }
              : null,
          project: { uid: project.uid, title: project.title },
          start_time: row.start_time,
          end_time: row.end_time,
          elapsed_time: row.elapsed_time,
        })),
        page: query.page,
        page_size: query.page_size,
        total,
        total_elapsed_time: totalElapsed,
      };
    },

    /** Every entry of the project as the Activities tab exports it, in the order asked for. */
    async projectReportCsv({
      actorId,
      organizationId,
      projectId,
      query,
    }: {
      actorId: string;
      organizationId: string;
      projectId: string;
      query: Pick<ProjectReportQuery, "sort" | "direction">;
    }): Promise<string> {
      const report = await service.projectReport({
        actorId,
        organizationId,
        projectId,
        query: { page: 1, page_size: Number.MAX_SAFE_INTEGER, sort: query.sort, direction: query.direction },
      });
      return projectReportCsv(report.entries);
    },

    /** `GET user/{userId}/organization/{orgId}/project/{id}/hours`: the statistics, "today" in that user's zone. */
    async projectStatistics({
      actorId,
      userId,
      organizationId,
      projectId,
      now = new Date(),
    }: {
      actorId: string;
      userId: string;
      organizationId: string;
      projectId: string;
      now?: Date;
    }): Promise<ProjectStatistics> {
      // The actor's role, the project's figures (and whether the actor is on it) and the members are read side by
      // side, and used only once the checks pass: the project is of the organization and the actor may see it
      // (`canSeeProject`), else 404 as for any project out of sight.
      const [actor, project, members] = await Promise.all([
        actorRole(actorId),
        repository.projectHeader(organizationId, projectId),
        repository.members(organizationId),
      ]);
      if (actor.organizationId !== organizationId) throw notFound("Organization");
      if (!project) throw notFound("Project");
      const onProject = isOnProjectOf(actorId, project.project_manager_id, project.member_ids);
      if (!canSeeProjectWhen(actor.role, onProject)) throw notFound("Project");
      const reader = members.find((row) => row.user_id === userId);
      if (!reader) throw notFound("User");
      const zones = members.map((row) => ({ user_id: row.user_id, tz: timeZoneOfPreferences(row.preferences) }));
      const today = todayIn(timeZoneOfPreferences(reader.preferences), now);
      const limit = addDays(today, forecastLimitDays);
      const ends = project.end_date ?? addDays(today, horizonDays);
      const horizon = ends < limit ? ends : limit;

      // Logged time by day; blocks not yet logged by day and kind: stored ones (all time), and the occurrences of the
      // project's series up to the horizon; each with its cost in the same statement.
      const [logged, blocks, expenses, overheads] = await Promise.all([
        repository.projectLoggedDays({ organizationId, zones, projectId }),
        repository.projectBlockDays({ organizationId, zones, projectId, horizon }),
        repository.finalBalanceByDay(organizationId, projectId),
        repository.overheads(organizationId),
      ]);
      const actualByDay = new Map<CalendarDate, number>();
      const secondsByMonth = new Map<string, number>();
      const confirmed = { seconds: 0, euroSeconds: 0, withoutContract: 0 };
      for (const row of logged) {
        confirmed.seconds += row.seconds;
        confirmed.euroSeconds += row.euro_seconds;
        confirmed.withoutContract += row.without_contract;
        actualByDay.set(row.day, row.euro_seconds);
        const month = monthOf(row.day);
        secondsByMonth.set(month, (secondsByMonth.get(month) ?? 0) + row.seconds);
      }
      const planned = { seconds: 0, euroSeconds: 0 };
      const plannedToDate = { seconds: 0, euroSeconds: 0 };
      const unconfirmed = { seconds: 0, euroSeconds: 0 };
      const futureByDay = new Map<CalendarDate, number>();
      for (const block of blocks) {
        const total = block.kind === "planning" ? planned : unconfirmed;
        total.seconds += block.seconds;
        total.euroSeconds += block.euro_seconds;
        if (block.kind === "planning" && block.day <= today) {
          plannedToDate.seconds += block.seconds;
          plannedToDate.euroSeconds += block.euro_seconds;
        }
        if (block.day > today) futureByDay.set(block.day, (futureByDay.get(block.day) ?? 0) + block.euro_seconds);
      }

      const undatedExpenses = expenses.get(null) ?? 0;
      const expensesByDay = new Map(
        [...expenses].filter((entry): entry is [CalendarDate, number] => entry[0] !== null),
      );
      const finalBalanceExpenses = [...expenses.values()].reduce((total, v) => Math.round((total + v) * 100) / 100, 0);
      const forecast = costsForecast({ actualByDay, expensesByDay, undatedExpenses, futureByDay, today, horizon });
      const usedSoFar = Math.round((euros(confirmed.euroSeconds) + finalBalanceExpenses) * 100) / 100;
      const runway = budgetRunway({
        budget: project.budget,
        used: usedSoFar,
        weeklyCost: weeklyCostOfLastFourWeeks(actualByDay, today),
        futureCostByDay: new Map([...futureByDay].map(([day, value]) => [day, euros(value)])),
        today,
      });
      // The organization's hours matter only in the months that have overheads to share.
      const monthsWithOverheads = [...secondsByMonth.keys()].filter((month) => overheadsInMonth(overheads, month) > 0);
      const overhead = overheadShare({
        overheads,
        organizationSecondsByMonth: await repository.organizationSecondsByMonth(organizationId, monthsWithOverheads),
        projectSecondsByMonth: secondsByMonth,
      });
      return projectStatistics({
        projectId,
        budget: project.budget,
        marginabilityPercentage: project.marginability_percentage,
        confirmed,
        unconfirmed,
        planned,
        plannedToDate,
        finalBalanceExpenses,
        forecast,
        runway,
        overhead,
        today,
      });
    },
  };
  return service;
}
