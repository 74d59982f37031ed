import { Select } from "@mantine/core";
import type { OrganizationUser } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import classes from "./board.module.css";

/**
 * The board's user picker (spec part 1 §2 "Board"), for those who may read the team. Mantine's searchable select is
 * the board's heaviest control and only some people see it: it comes after the board (board-toolbar.tsx).
 */
export function BoardUserPicker({
  users,
  userId,
  onUserChange,
}: {
  users: OrganizationUser[];
  userId: string;
  onUserChange: (userId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      size="sm"
      className={classes.userPicker}
      aria-label={t("board.toolbar.user")}
      placeholder={t("board.toolbar.user")}
      data={users.map((user) => ({ value: user.uid, label: user.nominative }))}
      value={userId}
      onChange={(value) => {
        if (value && value !== userId) onUserChange(value);
      }}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t("board.toolbar.noUser")}
    />
  );
}
