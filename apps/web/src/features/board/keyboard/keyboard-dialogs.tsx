import { Kbd, Modal, Table, Text } from "@mantine/core";
import type { TimeBlockingEvent } from "@timetrap/domain";
import { Fragment, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useDrawnOnce } from "../../../lib/lazy-component";
import { DeleteEventDialog, useDeleteEvent } from "../event-form/delete-event-dialog";
import { useOpenedAfterMount } from "../lib/use-opened-after-mount";
import type { KeyboardDialog } from "./board-keyboard";

/** The dialogs the board's keys open: the list of shortcuts (`?`) and the deletion of the focused block (Delete). */
export function KeyboardDialogs({
  userId,
  dialog,
  onClose,
}: {
  userId: string;
  dialog: KeyboardDialog | null;
  onClose: () => void;
}) {
  // The last deletion asked stays drawn while its dialog closes.
  const shownDelete = useRef<Extract<KeyboardDialog, { kind: "delete" }> | null>(null);
  if (dialog?.kind === "delete") shownDelete.current = dialog;
  const drawDelete = useDrawnOnce(dialog?.kind === "delete");
  return (
    <>
      <ShortcutsDialog opened={dialog?.kind === "shortcuts"} onClose={onClose} />
      {drawDelete && shownDelete.current && (
        <DeleteDialog
          userId={userId}
          opened={dialog?.kind === "delete"}
          event={shownDelete.current.event}
          onDeleted={shownDelete.current.onDeleted}
          onClose={onClose}
        />
      )}
    </>
  );
}

/** A shortcut as the dialog lists it: the keys (each a list of keys pressed together) and what they do. */
interface Shortcut {
  keys: string[][];
  does: string;
}

type KeyName = "enter" | "space" | "shift" | "ctrl" | "delete" | "backspace" | "menu";
type ShortcutName =
  | "open"
  | "timer"
  | "move"
  | "resize"
  | "day"
  | "duplicate"
  | "confirmTime"
  | "toPlanning"
  | "toActivity"
  | "delete"
  | "menu"
  | "newBlock"
  | "undo"
  | "help";

function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useOpenedAfterMount(opened);
  const key = (name: KeyName) => t(`boardKeyboard.keys.${name}`);
  const does = (name: ShortcutName) => t(`boardKeyboard.shortcuts.${name}`);
  const onBlock: Shortcut[] = [
    { keys: [[key("enter")]], does: does("open") },
    { keys: [[key("space")]], does: does("timer") },
    { keys: [["↑"], ["↓"]], does: does("move") },
    {
      keys: [
        [key("shift"), "↑"],
        [key("shift"), "↓"],
      ],
      does: does("resize"),
    },
    { keys: [["←"], ["→"]], does: does("day") },
    { keys: [["D"]], does: does("duplicate") },
    { keys: [["C"]], does: does("confirmTime") },
    { keys: [["P"]], does: does("toPlanning") },
    { keys: [["A"]], does: does("toActivity") },
    { keys: [[key("delete")], [key("backspace")]], does: does("delete") },
    { keys: [[key("menu")], [key("shift"), "F10"]], does: does("menu") },
  ];
  const onBoard: Shortcut[] = [
    { keys: [["N"]], does: does("newBlock") },
    {
      keys: [
        [key("ctrl"), "Z"],
        ["⌘", "Z"],
      ],
      does: does("undo"),
    },
    { keys: [["?"]], does: does("help") },
  ];
  return (
    <Modal opened={shown} onClose={onClose} title={t("boardKeyboard.shortcuts.title")} size={620} centered>
      <Text size="sm" mb="sm">
        {t("boardKeyboard.shortcuts.intro")}
      </Text>
      <ShortcutTable caption={t("boardKeyboard.shortcuts.onBlock")} shortcuts={onBlock} />
      <ShortcutTable caption={t("boardKeyboard.shortcuts.onBoard")} shortcuts={onBoard} />
    </Modal>
  );
}

function ShortcutTable({ caption, shortcuts }: { caption: string; shortcuts: Shortcut[] }) {
  const { t } = useTranslation();
  return (
    <Table captionSide="top" verticalSpacing={6} mb="md" layout="fixed">
      <Table.Caption ta="start" fw={600} c="var(--mantine-color-text)">
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="44%">{t("boardKeyboard.shortcuts.keysHeader")}</Table.Th>
          <Table.Th>{t("boardKeyboard.shortcuts.doesHeader")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shortcuts.map((shortcut) => (
          <Table.Tr key={shortcut.does}>
            <Table.Td>
              {shortcut.keys.map((together, index) => (
                <Fragment key={together.join("+")}>
                  {index > 0 && <Text span size="sm">{` ${t("boardKeyboard.shortcuts.or")} `}</Text>}
                  {/* A combination never breaks across lines: "Shift +" alone at a line's end reads as another key. */}
                  <span style={{ whiteSpace: "nowrap" }}>
                    {together.map((name, position) => (
                      <Fragment key={name}>
                        {position > 0 && " + "}
                        <Kbd size="sm">{name}</Kbd>
                      </Fragment>
                    ))}
                  </span>
                </Fragment>
              ))}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{shortcut.does}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Delete on a focused block asks as the event form's delete does (spec part 1 §4 "Recurrence"): an occurrence of a
 * series chooses this event, this and the following ones, or all; the same calls follow.
 */
function DeleteDialog({
  userId,
  opened,
  event,
  onDeleted,
  onClose,
}: {
  userId: string;
  opened: boolean;
  event: TimeBlockingEvent;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const shown = useOpenedAfterMount(opened);
  const deletion = useDeleteEvent(userId);

  return (
    <DeleteEventDialog
      event={event}
      opened={shown}
      pending={deletion.pending}
      onClose={onClose}
      onConfirm={(scope) => {
        deletion.deleteEvent(event, scope).then(
          () => {
            onClose();
            onDeleted();
          },
          (error: unknown) => {
            // Spec part 1 §8: a failed deletion is only logged, as from the form.
            console.error(error);
            onClose();
          },
        );
      }}
    />
  );
}
