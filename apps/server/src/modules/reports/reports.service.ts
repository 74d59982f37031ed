import {
  activityHours,
  addDays,
  budgetRunway,
  type CalendarDate,
  type Contract,
  calendarDateIn,
  can,
  contractInForce,
  contractualHoursOn,
  contractualHoursPerDay,
  contractualSecondsByMonth,
  costOnDay,
  costsForecast,
  dailyCapacitySeconds,
  dayPercentage,
  daysFrom,
  euros,
  expandRecurrence,
  hoursMinutes,
  isUnitBlocked,
  monthOf,
  overheadShare,
  type PlanConfigEntry,
  type ProjectReport,
  type ProjectReportQuery,
  type ProjectStatistics,
  periodsOverlap,
  planVersusActual,
  projectReportCsv,
  projectReportOrder,
  projectStatistics,
  type ReportPeriodQuery,
  type ReportTotals,
  ringPercentage,
  startOfCalendarDay,
  type TeamReport,
  type Timesheet,
  type TimesheetQuery,
  type TimesheetRow,
  timesheetCsv,
  timesheetDayTerms,
  timeZoneOfPreferences,
  todayIn,
  type UserReport,
  type Weekday,
  weekdayOf,
  weeklyCostOfLastFourWeeks,
  withZeroWeekdays,
} from "@timetrap/domain";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { LoggedGroup, MemberRow, ReportsRepository, TemplateRow, UserZone } from "./reports.repository.js";

export type ReportsService = ReturnType<typeof createReportsService>;

/** A person of the report with their zone and contracts. */
interface Person {
  userId: string;
  nominative: string;
  imageUrl: string | null;
  status: string;
  timeZone: string;
  contracts: Contract[];
}

/** One person's figures on one day of the period. */
interface DayFigures {
  workLog: number;
  billable: number;
  euroSeconds: number;
  withoutContract: number;
  planned: number;
  plannedEuroSeconds: number;
}

const emptyDay = (): DayFigures => ({
  workLog: 0,
  billable: 0,
  euroSeconds: 0,
  withoutContract: 0,
  planned: 0,
  plannedEuroSeconds: 0,
});

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

function toPerson(row: MemberRow, contracts: readonly Contract[]): Person {
  return {
    userId: row.user_id,
    nominative: row.nominative,
    imageUrl: row.image_url,
    status: row.status,
    timeZone: timeZoneOfPreferences(row.preferences),
    contracts: contracts.filter((c) => c.user_id === row.user_id),
  };
}

const zonesOf = (people: readonly Person[]): UserZone[] => people.map((p) => ({ user_id: p.userId, tz: p.timeZone }));

/** The figures of a period, from its days. */
function totalsOf(days: Iterable<DayFigures & { capacity: number }>): ReportTotals {
  let workLog = 0;
  let billable = 0;
  let planned = 0;
  let capacity = 0;
  let euroSeconds = 0;
  let plannedEuroSeconds = 0;
  let withoutContract = 0;
  for (const day of days) {
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
    work_log_percentage: ringPercentage(workLog, capacity),
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
  const loggedCost = Math.round(sum((t) => t.work_log_cost) * 100) / 100;
  const plannedCost = Math.round(sum((t) => t.plan_versus_actual.planned_cost) * 100) / 100;
  return {
    work_log: workLog,
    billable_work_log: billable,
    planned,
    capacity,
    work_log_percentage: ringPercentage(workLog, capacity),
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
  /** The actor's organization: the spec's report paths name none, and a person belongs to one. */
  async function actorOrganization(actorId: string): Promise<string> {
    const found = await organizations.findRoleOfUser({ userId: actorId });
    if (!found) throw notFound("Organization");
    return found.organizationId;
  }

  async function peopleOf(
    organizationId: string,
    filter?: (row: MemberRow) => boolean,
    members?: readonly MemberRow[],
  ): Promise<Person[]> {
    const rows = (members ?? (await repository.members(organizationId))).filter(filter ?? (() => true));
    const contracts = await repository.contracts(
      organizationId,
      rows.map((row) => row.user_id),
    );
    return rows.map((row) => toPerson(row, contracts));
  }

  /** Series occurrences of `templates` that overlap `from`..`to` (days in the owner's zone), by owner and day. */
  function occurrencesByDay(
    templates: readonly TemplateRow[],
    zoneOf: (userId: string) => string,
    from: CalendarDate,
    to: CalendarDate,
  ): Array<{ template: TemplateRow; day: CalendarDate; seconds: number }> {
    const found: Array<{ template: TemplateRow; day: CalendarDate; seconds: number }> = [];
    for (const template of templates) {
      const zone = zoneOf(template.user_id);
      const range = { from: startOfCalendarDay(from, zone), to: startOfCalendarDay(addDays(to, 1), zone) };
      for (const occurrence of expandRecurrence(template, template.rule, zone, range)) {
        const day = calendarDateIn(occurrence.start_time, zone);
        // An occurrence starting the day before and reaching into the period counts on its own day, outside it.
        if (day < from || day > to) continue;
        found.push({ template, day, seconds: Math.round((occurrence.end_time - occurrence.start_time) / 1000) });
      }
    }
    return found;
  }

  /** Each person's figures on each day of the period: logged (by billability), planned, their costs. */
  async function dailyFigures(
    organizationId: string,
    people: readonly Person[],
    { start_date: from, end_date: to }: ReportPeriodQuery,
  ): Promise<Map<string, Map<CalendarDate, DayFigures>>> {
    const zones = zonesOf(people);
    const byPerson = new Map(people.map((p) => [p.userId, new Map<CalendarDate, DayFigures>()]));
    const dayOf = (userId: string, day: CalendarDate) => {
      const days = byPerson.get(userId)!;
      let figures = days.get(day);
      if (!figures) {
        figures = emptyDay();
        days.set(day, figures);
      }
      return figures;
    };
    const logged = await repository.loggedGroups({ organizationId, zones, from, to, dimension: "billable" });
    for (const group of logged) {
      const figures = dayOf(group.user_id, group.day);
      figures.workLog += Number(group.seconds);
      if (group.key === "billable") figures.billable += Number(group.seconds);
      figures.euroSeconds += Number(group.euro_seconds);
      figures.withoutContract += Number(group.without_contract);
    }
    const person = new Map(people.map((p) => [p.userId, p]));
    const addPlanned = (userId: string, day: CalendarDate, seconds: number) => {
      const figures = dayOf(userId, day);
      figures.planned += seconds;
      figures.plannedEuroSeconds += costOnDay(person.get(userId)!.contracts, day, seconds).euroSeconds;
    };
    const planned = await repository.blockSecondsByDay({ organizationId, zones, from, to, kind: "planning" });
    for (const row of planned) addPlanned(row.user_id, row.day, Number(row.seconds));
    const latestZone = Math.max(...people.map((p) => startOfCalendarDay(addDays(to, 2), p.timeZone)));
    const templates = await repository.seriesTemplates({
      organizationId,
      userIds: people.map((p) => p.userId),
      before: new Date(latestZone),
    });
    const planning = templates.filter((t) => t.event_type === "planning");
    for (const { template, day, seconds } of occurrencesByDay(
      planning,
      (id) => person.get(id)?.timeZone ?? "UTC",
      from,
      to,
    )) {
      addPlanned(template.user_id, day, seconds);
    }
    return byPerson;
  }

  /** The period's days of one person with their capacity. */
  function daysWithCapacity(
    person: Person,
    figures: ReadonlyMap<CalendarDate, DayFigures>,
    days: ReadonlyArray<{ date: CalendarDate; weekday: Weekday }>,
  ) {
    return days.map(({ date, weekday }) => ({
      date,
      ...(figures.get(date) ?? emptyDay()),
      capacity: dailyCapacitySeconds(person.contracts, date, weekday),
    }));
  }

  /** The period's days with their weekdays, read once for everyone. */
  const periodDays = (from: CalendarDate, to: CalendarDate) =>
    daysFrom(from, to).map((date) => ({ date, weekday: weekdayOf(date) }));

  async function checkFilters(
    organizationId: string,
    members: readonly MemberRow[],
    query: TimesheetQuery,
  ): Promise<void> {
    const memberIds = new Set(members.map((m) => m.user_id));
    const badFilter = (field: string, what: string) =>
      new AppError("NOT_FOUND", `${what} not found`, [{ field: `query.${field}`, message: `${what} not found` }]);
    if (query.user_id.some((id) => !memberIds.has(id))) throw badFilter("user_id", "User");
    if ((await repository.projectRefs(organizationId, query.project_id)).length !== query.project_id.length) {
      throw badFilter("project_id", "Project");
    }
    if ((await repository.customerRefs(organizationId, query.customer_id)).length !== query.customer_id.length) {
      throw badFilter("customer_id", "Customer");
    }
  }

  const service = {
    /** `GET report/timesheet` (read timesheet): rows per user and day (and project or customer), totals per user. */
    async timesheet({ actorId, query }: { actorId: string; query: TimesheetQuery }): Promise<Timesheet> {
      const organizationId = await actorOrganization(actorId);
      await organizations.authorize({ actorId, organizationId, right: { action: "read", subject: "timesheet" } });
      const members = await repository.members(organizationId);
      await checkFilters(organizationId, members, query);
      const chosen = query.user_id.length > 0 ? new Set(query.user_id) : null;
      const people = await peopleOf(organizationId, (row) => !chosen || chosen.has(row.user_id), members);
      const from = query.start_date;
      const to = query.end_date;
      const dimension =
        query.timesheet_type === "byProject" ? "project" : query.timesheet_type === "byClient" ? "customer" : "none";
      const groups = await repository.loggedGroups({
        organizationId,
        zones: zonesOf(people),
        from,
        to,
        dimension,
        projectIds: query.project_id,
        customerIds: query.customer_id,
      });

      const keys = [...new Set(groups.map((g) => g.key).filter((k): k is string => k !== null))];
      const projectRefs = new Map(
        (dimension === "project" ? await repository.projectRefs(organizationId, keys) : []).map((p) => [p.id, p]),
      );
      const customerRefs = new Map(
        (dimension === "customer" ? await repository.customerRefs(organizationId, keys) : []).map((c) => [c.id, c]),
      );
      const withTime = new Set(groups.map((g) => g.user_id));
      const period = { from_date: from, to_date: to };
      const shown = people.filter(
        (p) => withTime.has(p.userId) || p.contracts.some((contract) => periodsOverlap(contract, period)),
      );
      const order = new Map(shown.map((p, index) => [p.userId, index]));
      const personOf = new Map(shown.map((p) => [p.userId, p]));

      const rowOf = (group: LoggedGroup): TimesheetRow => {
        const person = personOf.get(group.user_id)!;
        const project = group.key && dimension === "project" ? projectRefs.get(group.key) : undefined;
        const customer = group.key && dimension === "customer" ? customerRefs.get(group.key) : undefined;
        const seconds = Number(group.seconds);
        return {
          user_id: group.user_id,
          nominative: person.nominative,
          work_log_date: group.day,
          weekday: weekdayOf(group.day),
          work_log: seconds,
          worked_hours: hoursMinutes(seconds),
          ...timesheetDayTerms(person.contracts, group.day),
          project_id: project?.id ?? null,
          project_title: project?.title ?? null,
          customer_id: project?.customer_id ?? customer?.id ?? null,
          customer_nominative: project?.customer_nominative ?? customer?.nominative ?? null,
        };
      };
      const label = (row: TimesheetRow) =>
        (dimension === "project" ? row.project_title : row.customer_nominative) ?? "";
      // Days are YYYY-MM-DD, ordered as plain strings; names need the locale's order, and only the per-project and
      // per-customer rows have any.
      const rows = groups
        .map(rowOf)
        .sort(
          (a, b) =>
            order.get(a.user_id)! - order.get(b.user_id)! ||
            (a.work_log_date < b.work_log_date ? -1 : a.work_log_date > b.work_log_date ? 1 : 0) ||
            (dimension === "none" ? 0 : label(a).localeCompare(label(b))),
        );

      const logged = new Map<string, { seconds: number; withoutContract: number }>();
      for (const group of groups) {
        const sum = logged.get(group.user_id) ?? { seconds: 0, withoutContract: 0 };
        sum.seconds += Number(group.seconds);
        sum.withoutContract += Number(group.without_contract);
        logged.set(group.user_id, sum);
      }
      const days = periodDays(from, to);
      const totals = shown.map((person) => {
        const mine = logged.get(person.userId) ?? { seconds: 0, withoutContract: 0 };
        let contractualSeconds = 0;
        for (const { date, weekday } of days) {
          const contract = contractInForce(person.contracts, date);
          if (contract) contractualSeconds += contractualHoursOn(contract, weekday) * 3600;
        }
        return {
          user_id: person.userId,
          nominative: person.nominative,
          work_log: mine.seconds,
          worked_hours: hoursMinutes(mine.seconds),
          contractual_seconds: contractualSeconds,
          without_contract: mine.withoutContract,
        };
      });
      const workLog = totals.reduce((total, t) => total + t.work_log, 0);
      return {
        timesheet_type: query.timesheet_type,
        start_date: from,
        end_date: to,
        rows,
        totals,
        work_log: workLog,
        worked_hours: hoursMinutes(workLog),
      };
    },

    /** The timesheet as the screen exports it; byDay adds zero rows for weekdays without a log. */
    async timesheetCsv({ actorId, query }: { actorId: string; query: TimesheetQuery }): Promise<string> {
      const sheet = await service.timesheet({ actorId, query });
      if (query.timesheet_type !== "byDay") return timesheetCsv(query.timesheet_type, sheet.rows);
      const organizationId = await actorOrganization(actorId);
      const userIds = sheet.totals.map((t) => t.user_id);
      const contracts = await repository.contracts(organizationId, userIds);
      const rows = withZeroWeekdays(sheet.rows, sheet.totals, query.start_date, query.end_date, (userId) =>
        contracts.filter((c) => c.user_id === userId),
      );
      return timesheetCsv("byDay", rows);
    },

    /**
     * `GET report/team`: read team and the plan's TEAM_DASHBOARD unit. One row per active person, by name, with their
     * rings, task categories and plan versus actual; the team's totals.
     */
    async teamReport({ actorId, query }: { actorId: string; query: ReportPeriodQuery }): Promise<TeamReport> {
      const organizationId = await actorOrganization(actorId);
      const { organization } = await organizations.authorize({
        actorId,
        organizationId,
        right: { action: "read", subject: "team" },
      });
      const config: readonly PlanConfigEntry[] = organization.plan.config;
      if (isUnitBlocked(config, "TEAM_DASHBOARD")) throw new AppError("PLAN_LIMIT_REACHED", teamDashboardMessage());
      const people = await peopleOf(organizationId, (row) => row.status === "active");
      const figures = await dailyFigures(organizationId, people, query);
      const days = periodDays(query.start_date, query.end_date);
      const categories = await repository.categoriesByUser({
        organizationId,
        zones: zonesOf(people),
        from: query.start_date,
        to: query.end_date,
      });
      const users = people.map((person) => {
        const totals = totalsOf(daysWithCapacity(person, figures.get(person.userId)!, days));
        return {
          user_id: person.userId,
          nominative: person.nominative,
          image_url: person.imageUrl,
          contractual_hours: contractualHoursPerDay(contractInForce(person.contracts, query.start_date)),
          work_log: totals.work_log,
          billable_work_log: totals.billable_work_log,
          task_categories_report: categories
            .filter((c) => c.user_id === person.userId)
            .map((c) => ({
              category_id: c.category_id,
              category_name: c.category_name,
              elapsed_time: Number(c.seconds),
              color: c.color,
            })),
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
      const organizationId = await actorOrganization(actorId);
      const { role } = await organizations.authorize({ actorId, organizationId });
      const [person] = await peopleOf(organizationId, (row) => row.user_id === userId);
      if (!person) throw notFound("User");
      if (userId !== actorId && !can(role, "read", "team")) throw forbidden("You need the right to read team");
      const figures = await dailyFigures(organizationId, [person], query);
      const days = daysWithCapacity(person, figures.get(userId)!, periodDays(query.start_date, query.end_date));
      return {
        user_id: userId,
        start_date: query.start_date,
        end_date: query.end_date,
        report: days.map((day) => ({
          date: day.date,
          hours: activityHours(day.workLog),
          percetange: dayPercentage(day.workLog, day.capacity),
          work_log: day.workLog,
          billable_work_log: day.billable,
          planned: day.planned,
          capacity: day.capacity,
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
      const project = await projects.authorizeProject({
        actorId,
        organizationId,
        projectId,
        access: "read",
        workLog: false,
      });
      const people = await peopleOf(organizationId);
      const reader = people.find((p) => p.userId === userId);
      if (!reader) throw notFound("User");
      const person = new Map(people.map((p) => [p.userId, p]));
      const contractsOf = (id: string) => person.get(id)?.contracts ?? [];
      const zones = zonesOf(people);
      const today = todayIn(reader.timeZone, now);
      const limit = addDays(today, forecastLimitDays);
      const ends = project.end_date ?? addDays(today, horizonDays);
      const horizon = ends < limit ? ends : limit;

      const logged = await repository.projectLoggedByDay({ organizationId, zones, projectIds: [projectId] });
      const actualByDay = new Map<CalendarDate, number>();
      const secondsByMonth = new Map<string, number>();
      const confirmed = { seconds: 0, euroSeconds: 0, withoutContract: 0 };
      for (const row of logged) {
        const seconds = Number(row.seconds);
        const euroSeconds = Number(row.euro_seconds);
        confirmed.seconds += seconds;
        confirmed.euroSeconds += euroSeconds;
        confirmed.withoutContract += Number(row.without_contract);
        actualByDay.set(row.day, (actualByDay.get(row.day) ?? 0) + euroSeconds);
        secondsByMonth.set(monthOf(row.day), (secondsByMonth.get(monthOf(row.day)) ?? 0) + seconds);
      }

      // Blocks not yet logged: stored ones (all time), and the occurrences of the project's series up to the horizon.
      const blocks: Array<{ userId: string; day: CalendarDate; kind: "planning" | "unconfirmed"; seconds: number }> = (
        await repository.projectBlocksByDay({ organizationId, zones, projectId })
      ).map((row) => ({ userId: row.user_id, day: row.day, kind: row.kind, seconds: Number(row.seconds) }));
      const templates = await repository.seriesTemplates({
        organizationId,
        userIds: [],
        projectId,
        before: new Date(startOfCalendarDay(addDays(horizon, 2), "UTC")),
      });
      const notLogged = templates.filter((t) => t.event_type === "planning" || !t.completed);
      const earliest = notLogged.reduce<CalendarDate>((first, t) => {
        const day = calendarDateIn(t.start_time, person.get(t.user_id)?.timeZone ?? "UTC");
        return day < first ? day : first;
      }, horizon);
      for (const { template, day, seconds } of occurrencesByDay(
        notLogged,
        (id) => person.get(id)?.timeZone ?? "UTC",
        earliest,
        horizon,
      )) {
        blocks.push({
          userId: template.user_id,
          day,
          kind: template.event_type === "planning" ? "planning" : "unconfirmed",
          seconds,
        });
      }
      const planned = { seconds: 0, euroSeconds: 0 };
      const plannedToDate = { seconds: 0, euroSeconds: 0 };
      const unconfirmed = { seconds: 0, euroSeconds: 0 };
      const futureByDay = new Map<CalendarDate, number>();
      for (const block of blocks) {
        const { euroSeconds } = costOnDay(contractsOf(block.userId), block.day, block.seconds);
        const total = block.kind === "planning" ? planned : unconfirmed;
        total.seconds += block.seconds;
        total.euroSeconds += euroSeconds;
        if (block.kind === "planning" && block.day <= today) {
          plannedToDate.seconds += block.seconds;
          plannedToDate.euroSeconds += euroSeconds;
        }
        if (block.day > today) futureByDay.set(block.day, (futureByDay.get(block.day) ?? 0) + euroSeconds);
      }

      const expenses = await repository.finalBalanceByDay(organizationId, projectId);
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
      const months = [...secondsByMonth.keys()];
      const overhead = overheadShare({
        overheads: await repository.overheads(organizationId),
        organizationSecondsByMonth: contractualSecondsByMonth(
          people.map((p) => p.contracts),
          months,
        ),
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
