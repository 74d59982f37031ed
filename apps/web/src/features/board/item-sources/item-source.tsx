import type { ItemService } from "@timetrap/domain";
import { LoadingState } from "../../../components/query-states";
import { useSession } from "../../../lib/session";
import { AsanaSource } from "./asana-source";
import { itemSourceTexts } from "./item-texts";
import { JiraSource } from "./jira-source";
import { PaymoSource } from "./paymo-source";
import { TodoistSource } from "./todoist-source";

/**
 * Spec part 1 §2 "Side panel": the source of an outside service's items (decision 032). The items are always the
 * signed-in person's (the `connect/...` routes act for them only), whichever board the panel is beside.
 */
export function ItemSource({ service, userId }: { service: ItemService; userId: string }) {
  const { user: me } = useSession();
  // The sources say whose items they are and where to connect them: they wait for the session.
  if (!me) return <LoadingState />;
  switch (service) {
    case "todoist":
      return <TodoistSource userId={userId} />;
    case "asana":
      return <AsanaSource userId={userId} />;
    case "paymo":
      return <PaymoSource userId={userId} />;
    case "jira":
      return <JiraSource userId={userId} />;
  }
}

/** The sources once their texts have come (the side panel fetches both when one is first chosen). */
export const loadItemSource = () => itemSourceTexts().then(() => ItemSource);
