import {
  IconBolt,
  IconBookmark,
  IconBug,
  IconCheck,
  IconCircleDot,
  IconSubtask,
  type TablerIcon,
} from "@tabler/icons-react";
import { type IssueTypeKind, issueTypeKind } from "./item-filters";
import classes from "./item-sources.module.css";

/**
 * Jira's issue types, drawn here rather than loaded from the site's `iconUrl` (decision 032): an image fetched from the
 * person's Jira site would tell that site who looks at the board and when, would break where the site is slow, down or
 * not on https (the page's Content Security Policy takes outside images over https only), and Jira's avatar addresses
 * may ask for a Jira session. The colours are those Jira's own icons use for each kind.
 */
const drawn: Record<IssueTypeKind, { icon: TablerIcon; color: string }> = {
  bug: { icon: IconBug, color: "#e5493a" },
  task: { icon: IconCheck, color: "#4bade8" },
  story: { icon: IconBookmark, color: "#63ba3c" },
  epic: { icon: IconBolt, color: "#904ee2" },
  subtask: { icon: IconSubtask, color: "#2684ff" },
  other: { icon: IconCircleDot, color: "#6b778c" },
};

/** The icon of an issue type, by the type's name; decorative (the type's name is written beside it or in its label). */
export function IssueTypeIcon({ name, size = 16 }: { name: string; size?: number }) {
  const kind = issueTypeKind(name);
  const { icon: Icon, color } = drawn[kind];
  return (
    <span
      className={classes.typeIcon}
      style={{ background: color, width: size, height: size }}
      data-kind={kind}
      aria-hidden
    >
      <Icon size={Math.round(size * 0.75)} stroke={2.4} color="#ffffff" />
    </span>
  );
}
