import { Alert, VisuallyHidden } from "@mantine/core";
import { IconLock, IconUsersGroup } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import {
  addDays,
  mondayOf,
  mostTeamPlanUsers,
  type TeamPlanDay,
  todayIn,
  withPreferenceDefaults,
} from "@timetrap/domain";
import {
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useActiveOrganizationUsers } from "../../../api/get-organization-users";
import { useProjects } from "../../../api/get-projects";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { lazyComponent, useDrawnOnce } from "../../../lib/lazy-component";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { teamPlanKeys, useTeamPlan } from "../api/get-team-plan";
import { forecastWeeks } from "../lib/team-plan-figures";
import { forecastSpan, forecastWeekCount, shownDays, spanTitle, weekSpan } from "../lib/team-plan-week";
import { keepUserSelection, readUserSelection } from "../lib/user-selection";
import { ForecastTable } from "./forecast-table";
import classes from "./team-plan.module.css";
import { type GridCell, type GridPerson, TeamPlanGrid } from "./team-plan-grid";
import { TeamPlanToolbar, type TeamPlanView } from "./team-plan-toolbar";

// FullCalendar comes with the day's panel, not with the grid; the preferences with their first opening.
// The panel takes the board's calendar and tiles from the board's own page, fetched beside it (board-page.tsx).
const DayPanel = lazyComponent(() =>
  Promise.all([import("./day-panel"), import("../../board/components/board-page")]).then(([panel, board]) => {
    const Panel = panel.DayPanel;
    return (props: Omit<ComponentProps<typeof Panel>, "parts">) => <Panel {...props} parts={board.boardParts} />;
  }),
);
const BoardPreferencesModal = lazyComponent(() =>
  import("../../board/components/board-preferences-modal").then((module) => module.BoardPreferencesModal),
);

/** Spec part 1 §2 "Team plan (teamplan3)": /user/{userId}/teamplan3, for those who may read the team. */
export function TeamPlanPage() {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const can = useCan();
  const orgId = me.organization?.uid;
  if (!can("read", "team") || !orgId) {
    return (
      <ListPage>
        <PageHeader title={t("menu.teamPlan")} />
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {t("teamPlan.noAccess")}
        </Alert>
      </ListPage>
    );
  }
  return <TeamPlanScreen orgId={orgId} />;
}

const monthKeys = [
  "months.0",
  "months.1",
  "months.2",
  "months.3",
  "months.4",
  "months.5",
  "months.6",
  "months.7",
  "months.8",
  "months.9",
  "months.10",
  "months.11",
] as const;

function TeamPlanScreen({ orgId }: { orgId: string }) {
  const { t, i18n } = useTranslation();
  const { userId: routeUserId = "" } = useParams();
  const me = useSignedInUser();
  const can = useCan();
  const queryClient = useQueryClient();
  const preferences = useMemo(() => withPreferenceDefaults(me.preferences), [me.preferences]);
  const today = todayIn();

  const [view, setView] = useState<TeamPlanView>("week");
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [selection, setSelection] = useState<string[]>(() => readUserSelection(orgId) ?? [routeUserId]);
  const [projectId, setProjectId] = useState<string | null>(null);
  const [openCell, setOpenCell] = useState<GridCell | null>(null);
  const [preferencesOpened, setPreferencesOpened] = useState(false);
  const drawPreferences = useDrawnOnce(preferencesOpened);
  const pageRef = useRef<HTMLDivElement>(null);

  const users = useActiveOrganizationUsers(orgId);
  const projects = useProjects(orgId);
  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: "base" }), [i18n.language]);
  // Spec part 1 §6: only active users are offered, by name.
  const activeUsers = useMemo(
    () => [...(users.data ?? [])].sort((a, b) => collator.compare(a.nominative, b.nominative)),
    [users.data, collator],
  );
  // Someone kept from an earlier visit who has left (or was deactivated) is no longer asked for.
  const chosen = useMemo(
    () => (users.data ? activeUsers.filter((user) => selection.includes(user.uid)) : []),
    [users.data, activeUsers, selection],
  );
  const chosenIds = useMemo(() => chosen.map((user) => user.uid), [chosen]);

  useEffect(() => keepUserSelection(orgId, selection), [orgId, selection]);

  // Any change made on this screen (a block moved in the panel, a form saved, the preferences) may change the figures.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && (event.action.type === "success" || event.action.type === "error")) {
          void queryClient.invalidateQueries({ queryKey: teamPlanKeys.all(orgId) });
        }
      }),
    [queryClient, orgId],
  );

  const days = shownDays(monday, preferences);
  const forecast = forecastSpan(today);
  const span = view === "week" ? weekSpan(monday) : forecast;
  const userIds = useMemo(() => [...chosenIds].sort().slice(0, mostTeamPlanUsers), [chosenIds]);
  const plan = useTeamPlan(orgId, userIds.length > 0 ? { ...span, userIds } : null);
  const rowsById = useMemo(() => new Map((plan.data?.users ?? []).map((row) => [row.user_id, row])), [plan.data]);

  const projectOptions = useMemo(
    () =>
      (projects.data ?? [])
        .map((project) => ({ value: project.uid, label: project.title }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    [projects.data, collator],
  );

  const onProjectChange = (next: string | null) => {
    setProjectId(next);
    const project = next ? projects.data?.find((p) => p.uid === next) : undefined;
    if (!project) {
      setSelection([routeUserId]);
      return;
    }
    const team = new Set([project.project_manager.uid, ...project.members.map((member) => member.user.uid)]);
    setSelection(activeUsers.filter((user) => team.has(user.uid)).map((user) => user.uid));
  };

  const closePanel = () => {
    const cell = openCell;
    setOpenCell(null);
    if (!cell) return;
    // Back to the cell that opened the day.
    const r = chosenIds.indexOf(cell.userId);
    const c = days.indexOf(cell.date);
    requestAnimationFrame(() => pageRef.current?.querySelector<HTMLElement>(`[data-cell="${r}-${c}"]`)?.focus());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // A dialog or a menu over the page (drawn elsewhere in the document) closes itself first.
    if (e.key !== "Escape" || !openCell || !pageRef.current?.contains(e.target as Node)) return;
    e.preventDefault();
    closePanel();
  };

  const monthNames = monthKeys.map((key) => t(key));
  const title =
    view === "week"
      ? spanTitle(days[0] ?? monday, days.at(-1) ?? addDays(monday, 6), monthNames)
      : spanTitle(forecast.startDate, forecast.endDate, monthNames);

  const gridPeople: GridPerson[] = chosen.map((user) => {
    const row = rowsById.get(user.uid);
    return {
      userId: user.uid,
      nominative: user.nominative,
      imageUrl: user.image_url,
      days: new Map<string, TeamPlanDay>((row?.days ?? []).map((day) => [day.date, day])),
    };
  });

  let content: ReactNode;
  if (users.isPending) {
    content = <LoadingState />;
  } else if (users.isError) {
    content = <LoadErrorState error={users.error} onRetry={() => void users.refetch()} />;
  } else if (chosen.length === 0) {
    content = (
      <div className={classes.empty}>
        <EmptyListState
          icon={IconUsersGroup}
          title={t("teamPlan.empty.title")}
          description={t("teamPlan.empty.description")}
        />
      </div>
    );
  } else if (plan.isError) {
    content = (
      <div className={classes.empty}>
        <LoadErrorState title={t("teamPlan.loadError")} error={plan.error} onRetry={() => void plan.refetch()} />
      </div>
    );
  } else if (plan.isPending) {
    content = <LoadingState />;
  } else if (view === "week") {
    content = (
      <TeamPlanGrid
        days={days}
        today={today}
        people={gridPeople}
        openCell={openCell}
        onOpen={(cell) => setOpenCell(cell)}
        onRemove={(id) => {
          setSelection((current) => current.filter((uid) => uid !== id));
          if (openCell?.userId === id) setOpenCell(null);
        }}
      />
    );
  } else {
    const weekStarts = Array.from({ length: forecastWeekCount }, (_, i) => addDays(forecast.startDate, i * 7));
    content = (
      <ForecastTable
        weekStarts={weekStarts}
        people={gridPeople.map((person) => ({
          userId: person.userId,
          nominative: person.nominative,
          imageUrl: person.imageUrl,
          weeks: forecastWeeks([...person.days.values()], forecast.startDate),
        }))}
      />
    );
  }

  const panelPerson = openCell && view === "week" ? chosen.find((user) => user.uid === openCell.userId) : undefined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere on the page closes the day's panel
    <div ref={pageRef} className={classes.page} onKeyDown={onKeyDown}>
      <VisuallyHidden>
        <h1>{t("menu.teamPlan")}</h1>
      </VisuallyHidden>
      <TeamPlanToolbar
        title={title}
        view={view}
        onViewChange={(next) => {
          setView(next);
          if (next === "forecast") setOpenCell(null);
        }}
        todayDisabled={monday === mondayOf(today)}
        onToday={() => setMonday(mondayOf(today))}
        onPrev={() => setMonday((current) => addDays(current, -7))}
        onNext={() => setMonday((current) => addDays(current, 7))}
        projects={projectOptions}
        projectId={projectId}
        onProjectChange={onProjectChange}
        users={activeUsers}
        userIds={chosenIds}
        onUsersChange={(ids) => setSelection(ids)}
        onOpenPreferences={() => setPreferencesOpened(true)}
      />
      <div className={classes.body}>
        <div
          className={classes.main}
          aria-busy={plan.isFetching}
          // The forecast has no control of its own: the keyboard scrolls its weeks from the area itself.
          {...(view === "forecast" ? { tabIndex: 0, role: "region", "aria-label": t("teamPlan.forecast.label") } : {})}
        >
          {content}
        </div>
        {panelPerson && openCell && (
          <Suspense
            fallback={
              <div className={classes.panel}>
                <LoadingState />
              </div>
            }
          >
            <DayPanel
              key={`${openCell.userId}-${openCell.date}`}
              userId={openCell.userId}
              nominative={panelPerson.nominative}
              date={openCell.date}
              day={rowsById.get(openCell.userId)?.days.find((day) => day.date === openCell.date) ?? null}
              preferences={preferences}
              readOnly={openCell.userId !== me.uid && !can("edit", "team")}
              onClose={closePanel}
            />
          </Suspense>
        )}
      </div>
      {drawPreferences && (
        <Suspense fallback={null}>
          <BoardPreferencesModal user={me} opened={preferencesOpened} onClose={() => setPreferencesOpened(false)} />
        </Suspense>
      )}
    </div>
  );
}
