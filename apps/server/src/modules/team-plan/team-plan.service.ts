import { type TeamPlan, type TeamPlanQuery, teamPlanFigures, timeZoneOfPreferences } from "@timetrap/domain";
import { AppError } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { MemberRow, ReportsRepository } from "../reports/reports.repository.js";

export type TeamPlanService = ReturnType<typeof createTeamPlanService>;

/** The users asked for that are not members of the organization: 404, naming each, so that a client can drop them. */
function usersNotFound(missing: readonly string[]): AppError {
  return new AppError(
    "NOT_FOUND",
    `User not found: ${missing.join(", ")}`,
    missing.map((id) => ({ field: "query.user_id", message: `User ${id} not found` })),
  );
}

export function createTeamPlanService({
  organizations,
  figures,
}: {
  organizations: Pick<OrganizationsService, "authorize">;
  /**
   * The reports' one aggregate of planned, logged time and capacity per person and day: the team plan's figures are
   * the dashboard's and the reports' own, to the second.
   */
  figures: Pick<ReportsRepository, "members" | "dailyFigures">;
}) {
  /** The people of the answer, by name: those asked for (any status), else every active member. */
  function peopleOf(members: readonly MemberRow[], userIds: readonly string[]): MemberRow[] {
    if (userIds.length === 0) return members.filter((member) => member.status === "active");
    const known = new Set(members.map((member) => member.user_id));
    const missing = userIds.filter((id) => !known.has(id));
    if (missing.length > 0) throw usersNotFound(missing);
    const chosen = new Set(userIds);
    return members.filter((member) => chosen.has(member.user_id));
  }

  return {
    /**
     * `GET organization/{orgId}/team-plan` (read team): each person's days of the range with the seconds planned and
     * logged, the day's capacity, its percentage and whether it is over.
     */
    async teamPlan({
      actorId,
      organizationId,
      query,
    }: {
      actorId: string;
      organizationId: string;
      query: TeamPlanQuery;
    }): Promise<TeamPlan> {
      // The members are read beside the check, and used only once it passes: one round trip fewer.
      const [, members] = await Promise.all([
        organizations.authorize({ actorId, organizationId, right: { action: "read", subject: "team" } }),
        figures.members(organizationId),
      ]);
      const people = peopleOf(members, query.user_id);
      const rows = await figures.dailyFigures({
        organizationId,
        zones: people.map((member, ord) => ({
          user_id: member.user_id,
          tz: timeZoneOfPreferences(member.preferences),
          ord,
        })),
        from: query.start_date,
        to: query.end_date,
      });
      const daysOf = new Map<string, TeamPlan["users"][number]["days"]>(people.map((member) => [member.user_id, []]));
      for (const row of rows) {
        daysOf.get(row.user_id)!.push({
          date: row.day,
          ...teamPlanFigures({ planned: row.planned, logged: row.work_log, capacity: row.capacity }),
        });
      }
      return {
        start_date: query.start_date,
        end_date: query.end_date,
        users: people.map((member) => ({
          user_id: member.user_id,
          nominative: member.nominative,
          image_url: member.image_url,
          status: member.status as TeamPlan["users"][number]["status"],
          days: daysOf.get(member.user_id)!,
        })),
      };
    },
  };
}
